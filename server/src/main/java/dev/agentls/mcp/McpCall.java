package dev.agentls.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.tools.ToolContext;
import dev.agentls.tools.ToolResult;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * One call of an MCP tool, whichever agent tool makes it ({@code mcp__<server>__<tool>} or {@code use_mcp_tool}):
 * the user's approval unless the server's entry auto-approves the tool, the call itself (bounded in time,
 * cancellable), and its answer as a bounded {@link ToolResult}. Every failure names the server; none throws.
 */
final class McpCall {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SHOWN_ARGUMENTS = 2_000;

    private McpCall() {}

    /** @param label the agent tool's name, which starts every failure message */
    static CompletableFuture<ToolResult> run(String label, McpConnection connection, String tool,
                                             ObjectNode arguments, ToolContext context) {
        String server = connection.entry().name();
        if (connection.entry().autoApprove().contains(tool)) {
            return call(label, connection, tool, arguments, context, false);
        }
        String shown = arguments.toString();
        if (shown.length() > SHOWN_ARGUMENTS) {
            shown = shown.substring(0, SHOWN_ARGUMENTS) + "\u2026 (" + shown.length() + " characters)";
        }
        return context.host().confirm("Call MCP tool '" + tool + "' of server '" + server + "'?",
                        "MCP server '" + server + "' (" + connection.entry().shown() + ")\ntool: " + tool
                                + "\narguments: " + shown)
                .thenCompose(approved -> Boolean.TRUE.equals(approved)
                        ? call(label, connection, tool, arguments, context, true)
                        : CompletableFuture.completedFuture(ToolResult.failure(label + ": the user declined the"
                                + " call to tool '" + tool + "' of MCP server '" + server + "'. Nothing was run.")));
    }

    private static CompletableFuture<ToolResult> call(String label, McpConnection connection, String tool,
                                                      ObjectNode arguments, ToolContext context, boolean approved) {
        String server = connection.entry().name();
        if (context.cancellation().isCancelled()) {
            return CompletableFuture.completedFuture(ToolResult.failure(label + ": cancelled before the call to"
                    + " MCP server '" + server + "' started. Nothing was run."));
        }
        Map<String, Object> plain = new LinkedHashMap<>();
        arguments.fields().forEachRemaining(f -> plain.put(f.getKey(), JSON.convertValue(f.getValue(), Object.class)));
        long start = System.nanoTime();
        return connection.call(tool, plain, context.cancellation()).handle((result, error) -> {
            if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null
                        ? error.getCause() : error;
                return ToolResult.failure(label + ": " + cause.getMessage());
            }
            ResultText.Bounded text = ResultText.ofContent(result == null ? null : result.content());
            if (result != null && Boolean.TRUE.equals(result.isError())) {
                return ToolResult.failure(label + ": MCP server '" + server + "' answered that tool '" + tool
                        + "' failed: " + (text.text().isBlank() ? "(no message)" : text.text()));
            }
            ObjectNode data = JSON.createObjectNode();
            data.put("server", server);
            data.put("tool", tool);
            data.put("approved", approved);
            data.put("cut", text.cut());
            data.put("characters", text.fullLength());
            data.put("elapsedMillis", (System.nanoTime() - start) / 1_000_000);
            return ToolResult.success(text.text().isEmpty() ? "(the tool returned no content)" : text.text(), data);
        });
    }

    /** The arguments a model gave, as the object an MCP server takes. */
    static ObjectNode object(JsonNode arguments) {
        return arguments != null && arguments.isObject() ? (ObjectNode) arguments.deepCopy() : JSON.createObjectNode();
    }
}
