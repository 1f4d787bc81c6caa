package dev.agentls.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Servers that crash mid-call or cannot start: a failure naming the server, a note for the run, and the run goes on. */
@Tag("slow")
class ServerFailureTest {

    @TempDir
    Path root;
    final List<String> log = new CopyOnWriteArrayList<>();

    @Test
    void aServerThatExitsMidCallFailsTheCallNamingTheServerAndStartsAgainForTheNextRun() throws Exception {
        ObjectNode entry = McpFixtures.sdkServerEntry();
        entry.putArray("autoApprove").add("crash").add("echo");
        McpSettings settings = new McpSettings(Duration.ofSeconds(30), Optional.of(McpFixtures.servers("sdk", entry)));
        try (McpServers servers = new McpServers(new McpConfigLoader(root.resolve("none.json"), Map.of()),
                List.of(root), log::add)) {
            ToolSet first = new ToolSet(List.of(), () -> servers.toolsFor(settings, ToolMode.NATIVE,
                    new RecordingHost()));
            long start = System.nanoTime();
            ToolResult crashed = first.execute("mcp__sdk__crash", McpFixtures.JSON.createObjectNode(),
                    new ToolContext(new RecordingHost(), Cancellation.none(), "c")).get(60, TimeUnit.SECONDS);
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(crashed.text().startsWith("mcp__sdk__crash: MCP server 'sdk' "), crashed.text());
            assertTrue(crashed.text().contains("crashing now, as asked"), "its stderr is quoted: " + crashed.text());
            assertTrue(millis < 25_000, "the crash is noticed before the 30 s timeout: " + millis + " ms");
            assertInstanceOf(McpServerState.Failed.class, servers.status(settings).get(0).state());
            ToolResult after = first.execute("mcp__sdk__echo", McpFixtures.JSON.readTree("{\"text\":\"x\"}"),
                    new ToolContext(new RecordingHost(), Cancellation.none(), "c")).get(60, TimeUnit.SECONDS);
            assertTrue(after.text().startsWith("mcp__sdk__echo: MCP server 'sdk' is not running (MCP server 'sdk'"),
                    after.text());

            ToolSet next = new ToolSet(List.of(), () -> servers.toolsFor(settings, ToolMode.NATIVE,
                    new RecordingHost()));
            ToolResult again = next.execute("mcp__sdk__echo", McpFixtures.JSON.readTree("{\"text\":\"back\"}"),
                    new ToolContext(new RecordingHost(), Cancellation.none(), "c")).get(60, TimeUnit.SECONDS);
            assertTrue(again.text().startsWith("echo: back"), again.text());
        }
    }

    @Test
    void aServerThatCannotStartIsANoteNamingItAndTheOthersStillServe() throws Exception {
        ObjectNode broken = McpFixtures.JSON.createObjectNode();
        broken.put("command", root.resolve("no-such-server").toString());
        ObjectNode servers = McpFixtures.servers("broken", broken);
        servers.set("sdk", McpFixtures.sdkServerEntry());
        McpSettings settings = new McpSettings(Duration.ofSeconds(30), Optional.of(servers));
        try (McpServers registry = new McpServers(new McpConfigLoader(root.resolve("none.json"), Map.of()),
                List.of(root), log::add)) {
            ToolSet.Later later = registry.toolsFor(settings, ToolMode.NATIVE, new RecordingHost());
            assertEquals(1, later.notes().size(), later.notes().toString());
            String note = later.notes().get(0);
            assertTrue(note.startsWith("MCP server 'broken' failed to start: "), note);
            assertTrue(note.contains("no-such-server"), note);
            assertTrue(note.endsWith("; this run goes on without it"), note);
            assertTrue(later.tools().stream().anyMatch(t -> t.name().equals("mcp__sdk__echo")));
            assertEquals("failed", registry.status(settings).get(0).state().id());
        }
    }
}
