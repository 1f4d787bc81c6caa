package dev.agentls.mcp;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.tools.Arguments;
import dev.agentls.tools.Parameter;
import dev.agentls.tools.ToolContext;
import dev.agentls.tools.ToolResult;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * {@code access_mcp_resource} {server_name, uri}: reads a resource of a running MCP server (a file, a schema, a
 * record). Reading changes nothing, so it needs no approval and may run in read-only modes; the text is bounded.
 */
final class AccessMcpResourceTool extends ConnectedServerTool {

    static final String NAME = "access_mcp_resource";

    AccessMcpResourceTool(ConnectedServers servers) {
        super(NAME, servers);
    }

    @Override
    public String description() {
        return """
                Reads a resource of a connected MCP server by its URI (connected servers: %s)."""
                .formatted(String.join(", ", servers.names()));
    }

    @Override
    public String xmlExample() {
        return """
                <access_mcp_resource>
                <server_name>docs</server_name>
                <uri>docs://guide/intro</uri>
                </access_mcp_resource>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                SERVER_NAME,
                Parameter.required("uri", Parameter.Type.STRING, "The URI of the resource to read."));
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        String server = arguments.string("server_name");
        String uri = arguments.string("uri");
        Optional<McpConnection> connection = find(server);
        if (connection.isEmpty()) {
            return unknownServer(server);
        }
        return connection.get().read(uri, context.cancellation()).handle((result, error) -> {
            if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null
                        ? error.getCause() : error;
                return ToolResult.failure(NAME + ": " + cause.getMessage());
            }
            ResultText.Bounded text = ResultText.ofResources(result == null ? null : result.contents());
            ObjectNode data = JsonNodeFactory.instance.objectNode();
            data.put("server", server);
            data.put("uri", uri);
            data.put("cut", text.cut());
            data.put("characters", text.fullLength());
            return ToolResult.success(text.text().isEmpty() ? "(the resource is empty)" : text.text(), data);
        });
    }
}
