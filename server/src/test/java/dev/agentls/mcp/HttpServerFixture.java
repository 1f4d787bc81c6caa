package dev.agentls.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.config.McpSettings;
import dev.agentls.config.ToolMode;
import dev.agentls.tools.Cancellation;
import dev.agentls.tools.RecordingHost;
import dev.agentls.tools.ToolContext;
import dev.agentls.tools.ToolResult;
import dev.agentls.tools.ToolSet;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * What the HTTP transport's tests share: loopback servers ({@link StreamableHttpTestServer}) and the {@link McpServers}
 * of a temp workspace with one entry, {@code web}, whose {@code Authorization} header is {@code Bearer s3cret} (from
 * {@code ${WEB_TOKEN}}); the server log; runs' tool sets; and everything closed at the end.
 */
final class HttpServerFixture implements AutoCloseable {

    static final String TOKEN = "s3cret";

    final List<String> log = new CopyOnWriteArrayList<>();
    private final Path root;
    private final List<AutoCloseable> open = new ArrayList<>();

    HttpServerFixture(Path root) {
        this.root = root;
    }

    StreamableHttpTestServer server() throws Exception {
        StreamableHttpTestServer server = new StreamableHttpTestServer(false, List.of());
        open.add(server);
        return server;
    }

    McpServers servers() {
        McpServers servers = new McpServers(new McpConfigLoader(root.resolve("no-user-file.json"),
                Map.of("WEB_TOKEN", TOKEN)), List.of(root), log::add);
        open.add(servers);
        return servers;
    }

    static McpSettings settings(String url, Duration timeout) {
        return settings(url, timeout, true);
    }

    /** @param withToken whether the entry sends {@code Authorization: Bearer ${WEB_TOKEN}} */
    static McpSettings settings(String url, Duration timeout, boolean withToken) {
        ObjectNode entry = McpFixtures.JSON.createObjectNode();
        entry.put("type", "http");
        entry.put("url", url);
        if (withToken) {
            entry.putObject("headers").put("Authorization", "Bearer ${WEB_TOKEN}");
        }
        entry.putArray("autoApprove").add("echo").add("hang").add("resumable").add("t0").add("t1");
        return new McpSettings(timeout, Optional.of(McpFixtures.servers("web", entry)));
    }

    /** The tool set of one run in native mode. */
    static ToolSet run(McpServers servers, McpSettings settings) {
        return new ToolSet(List.of(), () -> servers.toolsFor(settings, ToolMode.NATIVE, new RecordingHost()));
    }

    static ToolResult call(ToolSet tools, String name, String arguments) throws Exception {
        return tools.execute(name, McpFixtures.JSON.readTree(arguments),
                new ToolContext(new RecordingHost(), Cancellation.none(), "c1")).get(60, TimeUnit.SECONDS);
    }

    /** Waits up to {@code seconds} for {@code condition}, polling; whether it came true. */
    static boolean within(double seconds, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }

    @Override
    public void close() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }
}
