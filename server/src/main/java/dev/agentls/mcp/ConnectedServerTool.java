package dev.agentls.mcp;

import dev.agentls.tools.Parameter;
import dev.agentls.tools.Tool;
import dev.agentls.tools.ToolResult;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * An agent tool that reaches one of the run's connected MCP servers by its {@code server_name} argument
 * ({@code use_mcp_tool}, {@code access_mcp_resource}): its fixed name, the servers, their lookup and the failure for an
 * unknown name, kept in one place so both say the same.
 */
abstract sealed class ConnectedServerTool implements Tool permits UseMcpToolTool, AccessMcpResourceTool {

    static final Parameter SERVER_NAME = Parameter.required("server_name", Parameter.Type.STRING,
            "The name of the MCP server.");

    private final String name;
    final ConnectedServers servers;

    ConnectedServerTool(String name, ConnectedServers servers) {
        this.name = name;
        this.servers = servers;
    }

    @Override
    public final String name() {
        return name;
    }

    /** The server named by a call, or the failure naming the connected ones. */
    final Optional<McpConnection> find(String server) {
        return servers.find(server);
    }

    final CompletableFuture<ToolResult> failed(String why) {
        return CompletableFuture.completedFuture(ToolResult.failure(why));
    }

    final CompletableFuture<ToolResult> unknownServer(String server) {
        return failed(servers.unknown(name, server));
    }
}
