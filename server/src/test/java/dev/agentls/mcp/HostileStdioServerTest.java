package dev.agentls.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stdio server that breaks the protocol ({@link HostileStdioServer}, in a child JVM): a 100 MB line ends the link at
 * once with a reason naming the bound, and the server is stopped; a line that is not JSON, or JSON that is not
 * JSON-RPC, is skipped (the server keeps serving) and named when the call it left unanswered times out.
 */
@Tag("slow")
class HostileStdioServerTest {

    @TempDir
    Path root;
    private final List<String> log = new CopyOnWriteArrayList<>();
    private McpServers servers;

    @AfterEach
    void stop() {
        if (servers != null) {
            servers.close();
        }
    }

    private McpSettings settings(Duration timeout) {
        ObjectNode entry = McpFixtures.JSON.createObjectNode();
        entry.put("command", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        entry.putArray("args").add("-XX:TieredStopAtLevel=1").add("-cp").add(System.getProperty("java.class.path"))
                .add(HostileStdioServer.class.getName());
        entry.putArray("autoApprove").add("echo").add("flood").add("noise").add("notRpc");
        return new McpSettings(timeout, Optional.of(McpFixtures.servers("hostile", entry)));
    }

    private ToolSet tools(McpSettings settings) {
        servers = new McpServers(new McpConfigLoader(root.resolve("none.json"), Map.of()), List.of(root), log::add);
        return new ToolSet(List.of(), () -> servers.toolsFor(settings, ToolMode.NATIVE, new RecordingHost()));
    }

    private static ToolResult call(ToolSet tools, String name) throws Exception {
        return tools.execute(name, McpFixtures.JSON.createObjectNode(),
                new ToolContext(new RecordingHost(), Cancellation.none(), "c")).get(60, TimeUnit.SECONDS);
    }

    @Test
    void aHundredMegabyteLineEndsTheLinkAtOnceNamingTheBoundAndStopsTheServer() throws Exception {
        McpSettings settings = settings(Duration.ofSeconds(30));
        ToolSet tools = tools(settings);
        assertEquals("echo from hostile", call(tools, "mcp__hostile__echo").text(), tools.notes() + " " + log);

        long start = System.nanoTime();
        ToolResult flooded = call(tools, "mcp__hostile__flood");
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertFalse(flooded.isSuccess());
        assertEquals("mcp__hostile__flood: MCP server 'hostile' wrote a message of more than "
                + ServerTransports.MAX_MESSAGE_BYTES + " characters on stdout (the bound on one message); it was"
                + " stopped", flooded.text());
        assertTrue(millis < 20_000, "the bound is met long before the 30 s timeout: " + millis + " ms");
        assertInstanceOf(McpServerState.Failed.class, servers.status(settings).get(0).state());
        ToolResult after = call(tools, "mcp__hostile__echo");
        assertTrue(after.text().startsWith("mcp__hostile__echo: MCP server 'hostile' is not running"), after.text());
        assertEquals(0, ProcessHandle.current().descendants().filter(p -> p.info().arguments()
                .map(a -> List.of(a).contains(HostileStdioServer.class.getName())).orElse(false)).count(),
                "the server was stopped");
    }

    @Test
    void aLineThatIsNotJsonRpcIsSkippedAndNamedWhenTheCallItLeftUnansweredTimesOut() throws Exception {
        ToolSet tools = tools(settings(Duration.ofSeconds(2)));

        ToolResult noise = call(tools, "mcp__hostile__noise");
        ToolResult notRpc = call(tools, "mcp__hostile__notRpc");

        assertEquals("mcp__hostile__noise: MCP server 'hostile' did not answer tool 'noise' within 2 s"
                + " (agentls.mcp.timeout); its stdout had 1 line that is not JSON-RPC, the last: 'this is a log line,"
                + " not JSON'", noise.text());
        assertEquals("mcp__hostile__notRpc: MCP server 'hostile' did not answer tool 'notRpc' within 2 s"
                + " (agentls.mcp.timeout); its stdout had 2 lines that are not JSON-RPC, the last: '{\"hello\":"
                + " \"world\"}'", notRpc.text());
        assertEquals("echo from hostile", call(tools, "mcp__hostile__echo").text(), "the server still serves");
        assertTrue(log.contains("MCP server 'hostile' wrote a line that is not JSON-RPC on stdout (skipped): this is"
                + " a log line, not JSON"), log.toString());
    }
}
