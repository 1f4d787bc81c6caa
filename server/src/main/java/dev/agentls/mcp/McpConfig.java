package dev.agentls.mcp;

import java.util.List;

/**
 * Every MCP server configured for a workspace, by name (a project's entry overrides the user's of the same name,
 * and settings override both), and the problems of the entries that were refused.
 */
public record McpConfig(List<McpServerEntry> servers, List<String> problems) {

    public McpConfig {
        servers = List.copyOf(servers);
        problems = List.copyOf(problems);
    }

    public static final McpConfig EMPTY = new McpConfig(List.of(), List.of());
}
