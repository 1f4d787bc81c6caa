package dev.agentls.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * A server's tools, every page of {@code tools/list} up to {@link #MAX_PAGES} (a server paging forever is cut there),
 * each as a {@link RemoteTool} whose input schema is at least {@code {"type": "object", "properties": {}}}.
 */
final class ToolListing {

    static final int MAX_PAGES = 50;
    private static final ObjectMapper JSON = new ObjectMapper();

    private ToolListing() {}

    static Mono<List<RemoteTool>> of(McpAsyncClient client) {
        return page(client, null, new ArrayList<>(), 0);
    }

    private static Mono<List<RemoteTool>> page(McpAsyncClient c, String cursor, List<RemoteTool> all, int page) {
        return c.listTools(cursor).flatMap(result -> {
            for (McpSchema.Tool tool : result.tools()) {
                all.add(new RemoteTool(tool.name(), tool.description(), schemaOf(tool.inputSchema())));
            }
            String next = result.nextCursor();
            return next == null || next.isEmpty() || page + 1 >= MAX_PAGES ? Mono.just(List.copyOf(all))
                    : page(c, next, all, page + 1);
        });
    }

    private static ObjectNode schemaOf(Map<String, Object> schema) {
        ObjectNode node = schema == null ? JSON.createObjectNode() : JSON.valueToTree(schema);
        if (!node.has("type")) {
            node.put("type", "object");
        }
        if (!node.has("properties")) {
            node.putObject("properties");
        }
        return node;
    }
}
