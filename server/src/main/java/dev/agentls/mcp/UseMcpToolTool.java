package dev.agentls.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.tools.Arguments;
import dev.agentls.tools.Parameter;
import dev.agentls.tools.ToolContext;
import dev.agentls.tools.ToolResult;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * {@code use_mcp_tool} {server_name, tool_name, arguments}: calls a tool of a running MCP server, for XML tool mode
 * (seed 002's form), where one tool with the servers' tools in its description stands for all of them.
 */
final class UseMcpToolTool extends ConnectedServerTool {

    static final String NAME = "use_mcp_tool";

    UseMcpToolTool(ConnectedServers servers) {
        super(NAME, servers);
    }

    @Override
    public String description() {
        StringBuilder text = new StringBuilder("""
                Calls a tool of a connected MCP server. Each call waits for the user's approval unless the server \
                auto-approves that tool. arguments is a JSON object matching the tool's input schema.
                Connected MCP servers and their tools:""");
        servers.sorted().forEach(c -> {
            text.append("\n\n### ").append(c.entry().name());
            for (RemoteTool tool : servers.tools(c.entry().name())) {
                text.append("\n- ").append(tool.name()).append(": ").append(tool.shortDescription())
                        .append("\n  Input schema: ").append(tool.inputSchema());
            }
        });
        return text.toString();
    }

    @Override
    public String xmlExample() {
        return """
                <use_mcp_tool>
                <server_name>weather</server_name>
                <tool_name>get_forecast</tool_name>
                <arguments>{"city": "Paris", "days": 2}</arguments>
                </use_mcp_tool>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                SERVER_NAME,
                Parameter.required("tool_name", Parameter.Type.STRING, "The name of the server's tool."),
                Parameter.optional("arguments", Parameter.Type.JSON,
                        "A JSON object of the tool's arguments, as its input schema says."));
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        String server = arguments.string("server_name");
        String toolName = arguments.string("tool_name");
        Optional<McpConnection> found = find(server);
        if (found.isEmpty()) {
            return unknownServer(server);
        }
        McpConnection connection = found.get();
        if (!(connection.state() instanceof McpServerState.Ready)) {
            return failed(NAME + ": MCP server '" + server + "' is not running: " + connection.state().describe());
        }
        List<RemoteTool> offered = servers.tools(server);
        Optional<RemoteTool> tool = offered.stream().filter(t -> t.name().equals(toolName)).findFirst();
        if (tool.isEmpty()) {
            return failed(NAME + ": MCP server '" + server + "' offers no tool '" + RemoteTool.shown(toolName)
                    + "' to this run; its tools: " + offered.stream().map(RemoteTool::name)
                    .collect(Collectors.joining(", ")));
        }
        Optional<JsonNode> given = arguments.json("arguments");
        if (given.isPresent() && !given.get().isObject()) {
            return failed(NAME + ": 'arguments' must be a JSON object like {\"path\": \"src\"}, got "
                    + given.get().getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        return McpCall.run(NAME, connection, toolName, McpCall.object(given.orElse(null)), context);
    }
}
