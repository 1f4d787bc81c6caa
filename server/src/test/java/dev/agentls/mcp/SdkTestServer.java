package dev.agentls.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;

/**
 * The MCP Java SDK's own server ({@code McpServer.sync} over its stdio transport), run by the tests in a child JVM so
 * the client meets it exactly as it meets any stdio server. Its tools: {@code echo} (answers its text, with the
 * handler's own time for the overhead benchmark), {@code big} (a text of {@code size} characters), {@code image},
 * {@code fail} (an error result), {@code crash} (the process exits mid-call), {@code hang} (never answers; says on
 * stderr that it holds the call) and {@code grow} (adds a tool {@code grown<n>}, which sends
 * {@code notifications/tools/list_changed}); one resource, {@code test://greeting}. Anything on stderr must reach
 * the server log.
 */
public final class SdkTestServer {

    private SdkTestServer() {}

    public static void main(String[] args) throws InterruptedException {
        System.err.println("sdk test server starting in " + System.getProperty("user.dir"));
        JacksonMcpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper()
                .configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false));
        java.util.concurrent.atomic.AtomicReference<io.modelcontextprotocol.server.McpSyncServer> self =
                new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicInteger grown = new java.util.concurrent.atomic.AtomicInteger();
        self.set(McpServer.sync(new StdioServerTransportProvider(mapper))
                .serverInfo("sdk-test-server", "1.0.0")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).resources(false, false).build())
                .tools(
                        tool("echo", "Answers its text.", Map.of("text", Map.of("type", "string",
                                "description", "what to answer")), List.of("text"), (exchange, request) -> {
                            long start = System.nanoTime();
                            String text = String.valueOf(request.arguments().get("text"));
                            String answer = "echo: " + text;
                            long handled = System.nanoTime() - start;
                            return text(answer + "\nhandlerNanos=" + handled);
                        }),
                        tool("big", "Answers size characters.", Map.of("size", Map.of("type", "integer")),
                                List.of("size"), (exchange, request) -> {
                                    int size = ((Number) request.arguments().get("size")).intValue();
                                    return text("x".repeat(size));
                                }),
                        tool("image", "Answers a tiny PNG.", Map.of(), List.of(), (exchange, request) ->
                                McpSchema.CallToolResult.builder().content(List.of(new McpSchema.ImageContent(null,
                                        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
                                        "image/png"))).build()),
                        tool("fail", "Answers an error.", Map.of(), List.of(), (exchange, request) ->
                                McpSchema.CallToolResult.builder().content(List.of(new McpSchema.TextContent(
                                        "the disk is on fire"))).isError(true).build()),
                        tool("crash", "Exits mid-call.", Map.of(), List.of(), (exchange, request) -> {
                            System.err.println("crashing now, as asked");
                            System.exit(3);
                            return text("unreachable");
                        }),
                        tool("grow", "Adds a tool.", Map.of(), List.of(), (exchange, request) -> {
                            String name = "grown" + grown.incrementAndGet();
                            self.get().addTool(tool(name, "A tool added later.", Map.of(), List.of(),
                                    (e, r) -> text("I was added")));
                            return text("added " + name);
                        }),
                        tool("hang", "Never answers.", Map.of(), List.of(), (exchange, request) -> {
                            System.err.println("hang: holding the call"); // tells a test the call is in flight
                            try {
                                Thread.sleep(Long.MAX_VALUE);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            return text("interrupted");
                        }))
                .resources(new McpServerFeatures.SyncResourceSpecification(
                        McpSchema.Resource.builder("test://greeting", "greeting").mimeType("text/plain").build(),
                        (exchange, request) -> new McpSchema.ReadResourceResult(List.of(
                                new McpSchema.TextResourceContents(request.uri(), "text/plain", "hello from a resource")))))
                .build());
        // The transport reads stdin on its own threads; the process lives until the client closes it.
        Thread.currentThread().join();
    }

    private static McpSchema.CallToolResult text(String text) {
        return McpSchema.CallToolResult.builder().content(List.of(new McpSchema.TextContent(text))).build();
    }

    private static McpServerFeatures.SyncToolSpecification tool(String name, String description,
            Map<String, Object> properties, List<String> required,
            java.util.function.BiFunction<io.modelcontextprotocol.server.McpSyncServerExchange, McpSchema.CallToolRequest,
                    McpSchema.CallToolResult> handler) {
        Map<String, Object> schema = Map.of("type", "object", "properties", properties, "required", required);
        return McpServerFeatures.SyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder().name(name).description(description).inputSchema(schema).build())
                .callHandler(handler).build();
    }
}
