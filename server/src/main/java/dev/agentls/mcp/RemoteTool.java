package dev.agentls.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/** One tool a running MCP server lists: its own name, its description, and the JSON Schema of its arguments. */
public record RemoteTool(String name, String description, ObjectNode inputSchema) {
    public RemoteTool {
        Objects.requireNonNull(name, "name");
        description = description == null ? "" : description;
        Objects.requireNonNull(inputSchema, "inputSchema");
    }
}
