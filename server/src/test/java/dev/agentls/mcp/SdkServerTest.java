package dev.agentls.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP client against the MCP Java SDK's own server ({@link SdkTestServer}, started over stdio in a child JVM):
 * tools listed with their schemas, calls with and without approval, bounded results, errors, resources, and the
 * failures a run must survive (a crash mid-call, a hang cancelled, a hang timed out, a server that cannot start).
 */
@Tag("slow")
class SdkServerTest {

    @TempDir
    static Path root;
    static final List<String> log = new CopyOnWriteArrayList<>();
    static McpServers servers;
    static McpSettings settings;
    static ToolSet tools;

    @BeforeAll
    static void startServer() {
        ObjectNode trusting = McpFixtures.sdkServerEntry();
        trusting.putArray("autoApprove").add("echo");
        ObjectNode entries = McpFixtures.servers("sdk", McpFixtures.sdkServerEntry());
        entries.set("trusting", trusting);
        settings = new McpSettings(Duration.ofSeconds(3), Optional.of(entries));
        servers = new McpServers(new McpConfigLoader(root.resolve("no-user-file.json"), Map.of()), List.of(root),
                log::add);
        tools = new ToolSet(List.of(), () -> servers.toolsFor(settings, ToolMode.NATIVE, new RecordingHost()));
    }

    @AfterAll
    static void stop() {
        servers.close();
    }

    private static ToolResult call(String name, String arguments, RecordingHost host) throws Exception {
        return call(name, arguments, host, Cancellation.none());
    }

    private static ToolResult call(String name, String arguments, RecordingHost host, Cancellation cancellation)
            throws Exception {
        JsonNode args = McpFixtures.JSON.readTree(arguments);
        return tools.execute(name, args, new ToolContext(host, cancellation, "c1")).get(30, TimeUnit.SECONDS);
    }

    @Test
    void aStdioServersListChangedNoticeListsItsToolsAgainForTheNextRun() throws Exception {
        RecordingHost host = new RecordingHost().answering(true);
        ToolResult grown = call("mcp__sdk__grow", "{}", host);
        String name = grown.text().substring("added ".length());

        boolean listed = HttpServerFixture.within(10, () -> servers.status(settings).stream()
                .filter(s -> s.entry().name().equals("sdk")).anyMatch(s -> s.state() instanceof McpServerState.Ready r
                        && r.tools().stream().anyMatch(t -> t.name().equals(name))));

        assertTrue(grown.text().startsWith("added grown"), grown.text());
        assertTrue(listed, log.toString());
        List<String> next = new ToolSet(List.of(), () -> servers.toolsFor(settings, ToolMode.NATIVE,
                new RecordingHost())).names();
        assertTrue(next.contains("mcp__sdk__" + name), next.toString());
        assertTrue(log.stream().anyMatch(l -> l.startsWith("MCP server 'sdk': tools listed again, ")),
                log.toString());
    }

    @Test
    void listsEveryToolAsMcpServerToolWithTheServersOwnSchema() throws Exception {
        List<String> names = tools.names();
        assertTrue(names.contains("mcp__sdk__echo"), names + " notes: " + tools.notes() + " log: " + log);
        assertTrue(names.contains("mcp__trusting__hang"), names.toString());
        assertTrue(names.contains("access_mcp_resource"), names.toString());
        assertEquals(List.of(), tools.notes());
        JsonNode schema = tools.find("mcp__sdk__echo").orElseThrow().schema();
        assertEquals("string", schema.path("properties").path("text").path("type").asText());
        assertEquals("text", schema.path("required").get(0).asText());
        String real = root.toRealPath().toString();
        assertTrue(log.stream().anyMatch(line -> line.endsWith("'sdk' stderr: sdk test server starting in " + real)
                || line.endsWith("'sdk' stderr: sdk test server starting in " + root)),
                "stderr reaches the log, and the server runs in the workspace root: " + log);
    }

    @Test
    void callsAToolOnlyAfterTheUserApprovesIt() throws Exception {
        RecordingHost host = new RecordingHost().answering(true);
        ToolResult result = call("mcp__sdk__echo", "{\"text\": \"hi there\"}", host);
        assertTrue(result.isSuccess(), result.text());
        assertTrue(result.text().startsWith("echo: hi there"), result.text());
        assertEquals(1, host.confirmations.size());
        assertTrue(host.confirmations.get(0).contains("Call MCP tool 'echo' of server 'sdk'?"));
        assertTrue(host.confirmations.get(0).contains("\"text\":\"hi there\""), host.confirmations.get(0));
    }

    @Test
    void aDeclinedCallRunsNothingAndSaysSo() throws Exception {
        ToolResult result = call("mcp__sdk__crash", "{}", new RecordingHost().answering(false));
        assertFalse(result.isSuccess());
        assertEquals("mcp__sdk__crash: the user declined the call to tool 'crash' of MCP server 'sdk'. Nothing was"
                + " run.", result.text());
        assertTrue(call("mcp__sdk__echo", "{\"text\": \"still up\"}", new RecordingHost().answering(true))
                .isSuccess());
    }

    @Test
    void anAutoApprovedToolIsCalledWithoutAsking() throws Exception {
        RecordingHost host = new RecordingHost();
        ToolResult result = call("mcp__trusting__echo", "{\"text\": \"quiet\"}", host);
        assertTrue(result.text().startsWith("echo: quiet"), result.text());
        assertEquals(List.of(), host.confirmations);
    }

    @Test
    void refusesUnknownAndMissingArgumentsBeforeTheServerIsAsked() throws Exception {
        RecordingHost host = new RecordingHost().answering(true);
        ToolResult missing = call("mcp__sdk__echo", "{}", host);
        assertTrue(missing.text().startsWith("mcp__sdk__echo: missing required parameter 'text'"), missing.text());
        ToolResult unknown = call("mcp__sdk__echo", "{\"text\": \"a\", \"colour\": 1}", host);
        assertTrue(unknown.text().startsWith("mcp__sdk__echo: unknown parameter 'colour'"), unknown.text());
        assertEquals(List.of(), host.confirmations);
    }

    @Test
    void anOversizedResultIsCutWithANoteSayingHowMuch() throws Exception {
        ToolResult result = call("mcp__sdk__big", "{\"size\": 120000}", new RecordingHost().answering(true));
        assertTrue(result.isSuccess());
        assertTrue(result.text().startsWith("x".repeat(ResultText.MAX_CHARS) + "\n[result cut: 70000 of 120000"
                + " characters left out"), result.text().substring(ResultText.MAX_CHARS));
        ToolResult.Success success = (ToolResult.Success) result;
        assertTrue(success.data().path("cut").asBoolean());
        assertEquals(120000, success.data().path("characters").asInt());
    }

    @Test
    void anImageBecomesANote() throws Exception {
        ToolResult result = call("mcp__sdk__image", "{}", new RecordingHost().answering(true));
        assertTrue(result.text().startsWith("[image (image/png, about "), result.text());
        assertTrue(result.text().endsWith("not shown: the model reads text only]"), result.text());
    }

    @Test
    void anErrorResultIsAFailureNamingServerAndTool() throws Exception {
        ToolResult result = call("mcp__sdk__fail", "{}", new RecordingHost().answering(true));
        assertEquals("mcp__sdk__fail: MCP server 'sdk' answered that tool 'fail' failed: the disk is on fire",
                result.text());
    }

    @Test
    void readsAResourceWithoutAsking() throws Exception {
        RecordingHost host = new RecordingHost();
        ToolResult result = call("access_mcp_resource", "{\"server_name\": \"sdk\", \"uri\": \"test://greeting\"}",
                host);
        assertEquals("hello from a resource", result.text());
        assertEquals(List.of(), host.confirmations);
        ToolResult unknown = call("access_mcp_resource", "{\"server_name\": \"nope\", \"uri\": \"test://x\"}", host);
        assertEquals("access_mcp_resource: no connected MCP server is named 'nope'; connected: sdk, trusting",
                unknown.text());
    }

    @Test
    void aHangingCallIsCancelledAndTheServerStillAnswers() throws Exception {
        Cancellation cancellation = new Cancellation();
        var running = tools.execute("mcp__trusting__hang", McpFixtures.JSON.readTree("{}"),
                new ToolContext(new RecordingHost().answering(true), cancellation, "c1"));
        String holding = "MCP server 'trusting' stderr: hang: holding the call";
        assertTrue(HttpServerFixture.within(10, () -> log.contains(holding)), "the server got the call: " + log);
        assertFalse(running.isDone(), "the call hangs until cancelled");
        cancellation.cancel();
        ToolResult result = running.get(5, TimeUnit.SECONDS);
        assertEquals("mcp__trusting__hang: cancelled: the call to tool 'hang' of MCP server 'trusting' was"
                + " abandoned", result.text());
        assertTrue(call("mcp__trusting__echo", "{\"text\": \"after\"}", new RecordingHost()).isSuccess());
    }

    @Test
    void aHangingCallTimesOutNamingServerAndSetting() throws Exception {
        long start = System.nanoTime();
        ToolResult result = call("mcp__sdk__hang", "{}", new RecordingHost().answering(true));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals("mcp__sdk__hang: MCP server 'sdk' did not answer tool 'hang' within 3 s (agentls.mcp.timeout)",
                result.text());
        assertTrue(millis >= 2_900 && millis < 15_000, "took " + millis + " ms");
    }
}
