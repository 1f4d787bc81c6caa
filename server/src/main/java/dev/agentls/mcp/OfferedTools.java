package dev.agentls.mcp;

import java.util.ArrayList;
import java.util.List;

/**
 * Which of a server's tools a run is given: each becomes a tool definition in every request, so a server cannot
 * crowd out the prompt. A tool without a name, or whose input schema is larger than a tool may have, is left out;
 * past {@link #MAX_PER_SERVER} the rest are left out. Each leaving out is a note naming the server and why.
 */
final class OfferedTools {

    /** Providers refuse more than about 128 tools in a request, whoever offers them. */
    static final int MAX_PER_SERVER = 100;
    /** A schema is a few properties; a larger one is sent with every request. */
    static final int MAX_SCHEMA_CHARS = 16_000;

    private OfferedTools() {}

    static List<RemoteTool> select(String server, List<RemoteTool> listed, List<String> notes) {
        List<RemoteTool> offered = new ArrayList<>();
        for (RemoteTool tool : listed) {
            if (tool.name().isBlank()) {
                notes.add("MCP server '" + server + "' lists a tool without a name; it was left out");
                continue;
            }
            int schema = tool.inputSchema().toString().length();
            if (schema > MAX_SCHEMA_CHARS) {
                notes.add("MCP server '" + server + "': tool '" + RemoteTool.shown(tool.name()) + "' was left out:"
                        + " its input schema is " + schema + " characters, more than the " + MAX_SCHEMA_CHARS
                        + " a tool may have");
                continue;
            }
            offered.add(tool);
        }
        if (offered.size() > MAX_PER_SERVER) {
            notes.add("MCP server '" + server + "' offers " + offered.size() + " tools, more than the "
                    + MAX_PER_SERVER + " one server may give a run: the model is given the first " + MAX_PER_SERVER
                    + " (" + (offered.size() - MAX_PER_SERVER) + " left out)");
            return List.copyOf(offered.subList(0, MAX_PER_SERVER));
        }
        return List.copyOf(offered);
    }
}
