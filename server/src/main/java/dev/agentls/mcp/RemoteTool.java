package dev.agentls.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/** One tool a running MCP server lists: its own name, its description, and the JSON Schema of its arguments. */
public record RemoteTool(String name, String description, ObjectNode inputSchema) {

    /** The most of a server's description a model is shown. */
    static final int MAX_DESCRIPTION = 4_000;
    private static final int MAX_SHOWN_NAME = 100;

    public RemoteTool {
        Objects.requireNonNull(name, "name");
        description = description == null ? "" : description;
        Objects.requireNonNull(inputSchema, "inputSchema");
    }

    /** The description, cut at {@link #MAX_DESCRIPTION} characters. */
    String shortDescription() {
        String own = description.strip();
        return own.length() > MAX_DESCRIPTION ? own.substring(0, MAX_DESCRIPTION) + "\u2026" : own;
    }

    /** A server's name for something, as a message quotes it: at most 100 characters. */
    static String shown(String name) {
        return name.length() > MAX_SHOWN_NAME ? name.substring(0, MAX_SHOWN_NAME) + "\u2026" : name;
    }
}
