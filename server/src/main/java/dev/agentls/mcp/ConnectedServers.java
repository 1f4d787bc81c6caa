package dev.agentls.mcp;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The MCP servers that started for one run, by name, with the tools each offers the run ({@link OfferedTools}): what
 * {@code use_mcp_tool} and {@code access_mcp_resource} look a {@code server_name} up in, and the failure both give for
 * a name that is not among them.
 */
record ConnectedServers(Map<String, McpConnection> byName, Map<String, List<RemoteTool>> offered) {

    ConnectedServers {
        byName = Map.copyOf(byName);
        offered = Map.copyOf(offered);
    }

    /** The tools {@code server} offers this run (none for a server not connected). */
    List<RemoteTool> tools(String server) {
        return offered.getOrDefault(server, List.of());
    }

    /** The names, sorted, for descriptions and failures. */
    List<String> names() {
        return byName.keySet().stream().sorted().toList();
    }

    /** The servers, sorted by name. */
    List<McpConnection> sorted() {
        return names().stream().map(byName::get).toList();
    }

    Optional<McpConnection> find(String server) {
        return Optional.ofNullable(byName.get(server));
    }

    /** Why {@code tool} cannot reach {@code server}: no connected server has that name (the connected ones named). */
    String unknown(String tool, String server) {
        return tool + ": no connected MCP server is named '" + server + "'; connected: "
                + (byName.isEmpty() ? "none" : String.join(", ", names()));
    }
}
