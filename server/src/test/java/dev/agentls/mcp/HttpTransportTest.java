package dev.agentls.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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
 * The MCP client's Streamable HTTP transport (an entry of {@code "type": "http"}) against a real server on loopback
 * ({@link StreamableHttpTestServer}): the handshake and the session id, the entry's headers, answers as JSON and as an
 * event stream, tools and resources, and what a remote server can do wrong (an error, a cut connection, a huge or
 * malformed answer, an expired session, a hang, no server at all, ten thousand tools).
 */
@Tag("slow")
class HttpTransportTest {

    @TempDir
    Path root;
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private StreamableHttpTestServer server(boolean eventStream, List<ObjectNode> extraTools) throws Exception {
        StreamableHttpTestServer server = new StreamableHttpTestServer(eventStream, extraTools);
        open.add(server);
        return server;
    }

    private static ObjectNode entry(String url) {
        ObjectNode entry = McpFixtures.JSON.createObjectNode();
        entry.put("type", "http");
        entry.put("url", url);
        entry.putObject("headers").put("Authorization", "Bearer ${WEB_TOKEN}");
        entry.putArray("autoApprove").add("echo").add("fail").add("broken").add("big").add("cut").add("garbage")
                .add("hang");
        return entry;
    }

    private McpServers servers() {
        McpServers servers = new McpServers(new McpConfigLoader(root.resolve("no-user-file.json"),
                Map.of("WEB_TOKEN", "s3cret")), List.of(root), log::add);
        open.add(servers);
        return servers;
    }

    private static McpSettings settings(String url, Duration timeout) {
        return new McpSettings(timeout, Optional.of(McpFixtures.servers("web", entry(url))));
    }

    private static ToolResult call(ToolSet tools, String name, String arguments) throws Exception {
        return call(tools, name, arguments, Cancellation.none());
    }

    private static ToolResult call(ToolSet tools, String name, String arguments, Cancellation cancellation)
            throws Exception {
        return tools.execute(name, McpFixtures.JSON.readTree(arguments),
                new ToolContext(new RecordingHost(), cancellation, "c1")).get(60, TimeUnit.SECONDS);
    }

    private ToolSet tools(McpServers servers, McpSettings settings, ToolMode mode) {
        return new ToolSet(List.of(), () -> servers.toolsFor(settings, mode, new RecordingHost()));
    }

    @Test
    void initializesListsAndCallsAToolCarryingTheSessionIdAndTheEntrysHeaders() throws Exception {
        StreamableHttpTestServer server = server(false, List.of());
        McpSettings settings = settings(server.url(), Duration.ofSeconds(10));
        ToolSet tools = tools(servers(), settings, ToolMode.NATIVE);

        ToolResult echoed = call(tools, "mcp__web__echo", "{\"text\": \"over http\"}");

        assertEquals("echo: over http", echoed.text(), tools.notes() + " " + log);
        assertEquals(List.of(), tools.notes());
        assertEquals("string", tools.find("mcp__web__echo").orElseThrow().schema().path("properties")
                .path("text").path("type").asText());
        List<StreamableHttpTestServer.Seen> seen = server.seen();
        StreamableHttpTestServer.Seen first = seen.get(0);
        assertEquals("initialize", first.rpcMethod());
        assertNull(first.sessionId(), "initialize goes without a session id");
        assertTrue(first.accept().contains("application/json") && first.accept().contains("text/event-stream"),
                first.accept());
        String session = seen.stream().filter(s -> "tools/call".equals(s.rpcMethod())).findFirst().orElseThrow()
                .sessionId();
        assertNotNull(session, "later requests carry the session id: " + seen);
        for (StreamableHttpTestServer.Seen later : seen.subList(1, seen.size())) {
            assertEquals(session, later.sessionId(), later.toString());
            assertNotNull(later.protocolVersion(), "MCP-Protocol-Version after initialize: " + later);
        }
        assertTrue(seen.stream().allMatch(s -> "Bearer s3cret".equals(s.authorization())),
                "the entry's headers, ${WEB_TOKEN} expanded, go with every request: " + seen);
    }

    @Test
    void answersSentAsAnEventStreamAreReadForToolsAndResources() throws Exception {
        StreamableHttpTestServer server = server(true, List.of());
        ToolSet tools = tools(servers(), settings(server.url(), Duration.ofSeconds(10)), ToolMode.XML);

        ToolResult echoed = call(tools, "use_mcp_tool",
                "{\"server_name\": \"web\", \"tool_name\": \"echo\", \"arguments\": {\"text\": \"streamed\"}}");
        ToolResult greeting = call(tools, "access_mcp_resource",
                "{\"server_name\": \"web\", \"uri\": \"test://greeting\"}");
        ToolResult missing = call(tools, "access_mcp_resource",
                "{\"server_name\": \"web\", \"uri\": \"test://nothing\"}");

        assertEquals("echo: streamed", echoed.text(), log.toString());
        assertEquals("hello over http", greeting.text());
        assertFalse(missing.isSuccess());
        assertTrue(missing.text().startsWith("access_mcp_resource: MCP server 'web' failed on resource"
                + " test://nothing: "), missing.text());
        assertTrue(missing.text().contains("Resource not found: test://nothing"), missing.text());
    }

    @Test
    void anErrorResultAndAJsonRpcErrorAreFailuresNamingTheServerWhichStaysReady() throws Exception {
        StreamableHttpTestServer server = server(false, List.of());
        McpSettings settings = settings(server.url(), Duration.ofSeconds(10));
        McpServers servers = servers();
        ToolSet tools = tools(servers, settings, ToolMode.NATIVE);

        ToolResult failed = call(tools, "mcp__web__fail", "{}");
        ToolResult broken = call(tools, "mcp__web__broken", "{}");

        assertEquals("mcp__web__fail: MCP server 'web' answered that tool 'fail' failed: the disk is on fire",
                failed.text());
        assertTrue(broken.text().startsWith("mcp__web__broken: MCP server 'web' failed on tool 'broken': "),
                broken.text());
        assertTrue(broken.text().contains("the index is corrupt"), broken.text());
        assertInstanceOf(McpServerState.Ready.class, servers.status(settings).get(0).state());
        assertEquals("echo: still", call(tools, "mcp__web__echo", "{\"text\": \"still\"}").text());
    }

    @Test
    void aConnectionCutMidAnswerFailsTheCallNamingTheServerAndTheNextCallWorks() throws Exception {
        StreamableHttpTestServer server = server(false, List.of());
        McpSettings settings = settings(server.url(), Duration.ofSeconds(10));
        McpServers servers = servers();
        ToolSet tools = tools(servers, settings, ToolMode.NATIVE);

        long start = System.nanoTime();
        ToolResult cut = call(tools, "mcp__web__cut", "{}");
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertFalse(cut.isSuccess());
        assertTrue(cut.text().startsWith("mcp__web__cut: MCP server 'web' failed on tool 'cut': "), cut.text());
        assertTrue(millis < 8_000, "a cut is seen at once, not at the 10 s timeout: " + millis + " ms");
        assertEquals("echo: after the cut", call(tools, "mcp__web__echo", "{\"text\": \"after the cut\"}").text(),
                "one broken exchange does not take an HTTP server down for the run: " + log);
    }

    @Test
    void anAnswerOverTheMessageBoundIsRefusedNamingTheBoundAndAnAnswerUnderItIsCutForTheModel() throws Exception {
        StreamableHttpTestServer server = server(false, List.of());
        ToolSet tools = tools(servers(), settings(server.url(), Duration.ofSeconds(20)), ToolMode.NATIVE);

        ToolResult huge = call(tools, "mcp__web__big", "{\"size\": " + (ServerTransports.MAX_MESSAGE_BYTES + 1) + "}");
        ToolResult large = call(tools, "mcp__web__big", "{\"size\": 200000}");

        assertFalse(huge.isSuccess());
        assertTrue(huge.text().startsWith("mcp__web__big: MCP server 'web' failed on tool 'big': "), huge.text());
        assertTrue(huge.text().contains(String.valueOf(ServerTransports.MAX_MESSAGE_BYTES)), huge.text());
        assertTrue(large.isSuccess(), large.text());
        assertTrue(large.text().startsWith("x".repeat(ResultText.MAX_CHARS) + "\n[result cut: 150000 of 200000"),
                large.text().substring(ResultText.MAX_CHARS));
    }

    @Test
    void aBodyThatIsNotJsonRpcFailsTheCallNamingTheServer() throws Exception {
        StreamableHttpTestServer server = server(false, List.of());
        ToolSet tools = tools(servers(), settings(server.url(), Duration.ofSeconds(10)), ToolMode.NATIVE);

        ToolResult garbage = call(tools, "mcp__web__garbage", "{}");

        assertFalse(garbage.isSuccess());
        assertTrue(garbage.text().startsWith("mcp__web__garbage: MCP server 'web' failed on tool 'garbage': "),
                garbage.text());
    }

    @Test
    void anExpiredSessionIsStartedAgainWithoutTheOldIdAndTheCallGoesThrough() throws Exception {
        StreamableHttpTestServer server = server(false, List.of());
        ToolSet tools = tools(servers(), settings(server.url(), Duration.ofSeconds(10)), ToolMode.NATIVE);
        assertEquals("echo: one", call(tools, "mcp__web__echo", "{\"text\": \"one\"}").text());
        String firstSession = server.seen().get(server.seen().size() - 1).sessionId();

        server.expireSessions();
        ToolResult again = call(tools, "mcp__web__echo", "{\"text\": \"two\"}");

        assertEquals("echo: two", again.text(), log.toString());
        List<StreamableHttpTestServer.Seen> seen = server.seen();
        List<String> initializations = seen.stream().filter(s -> "initialize".equals(s.rpcMethod()))
                .map(s -> String.valueOf(s.sessionId())).toList();
        assertEquals(List.of("null", "null"), initializations, "a new session is asked for without an id: " + seen);
        String secondSession = seen.get(seen.size() - 1).sessionId();
        assertNotNull(secondSession);
        assertFalse(secondSession.equals(firstSession), seen.toString());
    }

    @Test
    void aHangingCallTimesOutNamingTheSettingAndACancelEndsItAtOnce() throws Exception {
        StreamableHttpTestServer server = server(false, List.of());
        ToolSet tools = tools(servers(), settings(server.url(), Duration.ofSeconds(2)), ToolMode.NATIVE);

        ToolResult timedOut = call(tools, "mcp__web__hang", "{}");
        Cancellation cancellation = new Cancellation();
        var cancelled = tools.execute("mcp__web__hang", McpFixtures.JSON.createObjectNode(),
                new ToolContext(new RecordingHost(), cancellation, "c1"));
        cancellation.cancel();

        assertEquals("mcp__web__hang: MCP server 'web' did not answer tool 'hang' within 2 s (agentls.mcp.timeout)",
                timedOut.text());
        assertEquals("mcp__web__hang: cancelled: the call to tool 'hang' of MCP server 'web' was abandoned",
                cancelled.get(1, TimeUnit.SECONDS).text());
    }

    @Test
    void aServerThatIsNotListeningIsANoteNamingItsUrl() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port + "/mcp";
        McpServers servers = servers();
        ToolSet.Later later = servers.toolsFor(settings(url, Duration.ofSeconds(5)), ToolMode.NATIVE,
                new RecordingHost());

        assertEquals(List.of(), later.tools());
        assertEquals(1, later.notes().size(), later.notes().toString());
        String note = later.notes().get(0);
        assertEquals("MCP server 'web' failed to start: could not connect (ConnectException) (at " + url + "); this"
                + " run goes on without it", note);
    }

    @Test
    void aWrongEndpointIsANoteSayingWhatTheServerAnswered() throws Exception {
        StreamableHttpTestServer server = server(false, List.of());
        String url = server.url().replace("/mcp", "/elsewhere");
        ToolSet.Later later = servers().toolsFor(settings(url, Duration.ofSeconds(5)), ToolMode.NATIVE,
                new RecordingHost());

        assertEquals(1, later.notes().size(), later.notes().toString());
        assertTrue(later.notes().get(0).startsWith("MCP server 'web' failed to start: "), later.notes().toString());
        assertTrue(later.notes().get(0).contains("404"), later.notes().toString());
    }

    @Test
    void closingEndsTheSessionWithADelete() throws Exception {
        StreamableHttpTestServer server = server(false, List.of());
        McpServers servers = servers();
        ToolSet tools = tools(servers, settings(server.url(), Duration.ofSeconds(10)), ToolMode.NATIVE);
        assertEquals("echo: bye", call(tools, "mcp__web__echo", "{\"text\": \"bye\"}").text());
        String session = server.seen().get(server.seen().size() - 1).sessionId();

        servers.close();

        assertTrue(server.seen().stream().anyMatch(s -> s.httpMethod().equals("DELETE")
                && session.equals(s.sessionId())), server.seen().toString());
    }

    @Test
    void aServerOfferingTenThousandToolsGivesTheModelABoundedShareAndSaysSo() throws Exception {
        StreamableHttpTestServer server = server(false, StreamableHttpTestServer.plainTools(10_000));
        ToolSet tools = tools(servers(), settings(server.url(), Duration.ofSeconds(20)), ToolMode.NATIVE);

        List<String> names = tools.names();
        List<String> notes = tools.notes();

        assertEquals(OfferedTools.MAX_PER_SERVER + 1, names.size(), "its first tools and access_mcp_resource");
        assertTrue(names.contains("mcp__web__echo"), names.toString());
        assertEquals(List.of("MCP server 'web' offers 10008 tools, more than the " + OfferedTools.MAX_PER_SERVER
                + " one server may give a run: the model is given the first " + OfferedTools.MAX_PER_SERVER
                + " (" + (10_008 - OfferedTools.MAX_PER_SERVER) + " left out)"), notes);
    }

    @Test
    void hostileToolListsAreTrimmedWithANoteForEachToolLeftOutAndCollidingNamesAreNamed() throws Exception {
        ObjectNode fat = StreamableHttpTestServer.tool("fat", "A fat schema.");
        ((ObjectNode) fat.get("inputSchema")).putObject("properties").putObject("p").put("description",
                "s".repeat(OfferedTools.MAX_SCHEMA_CHARS));
        String longName = "n".repeat(500);
        StreamableHttpTestServer server = server(false, List.of(StreamableHttpTestServer.tool("", "No name."),
                StreamableHttpTestServer.tool("read.file", "One."), StreamableHttpTestServer.tool("read_file", "Two."),
                StreamableHttpTestServer.tool(longName, "Long."), fat,
                StreamableHttpTestServer.tool("loud", "l".repeat(1_000_000))));
        McpSettings settings = settings(server.url(), Duration.ofSeconds(20));
        McpServers servers = servers();
        ToolSet nativeTools = new ToolSet(List.of(), () -> servers.toolsFor(settings, ToolMode.NATIVE,
                new RecordingHost()));
        ToolSet xmlTools = new ToolSet(List.of(), () -> servers.toolsFor(settings, ToolMode.XML,
                new RecordingHost()));

        List<String> notes = nativeTools.notes();
        List<String> names = nativeTools.names();
        String xmlDescription = xmlTools.find("use_mcp_tool").orElseThrow().description();
        ToolResult leftOut = call(xmlTools, "use_mcp_tool", "{\"server_name\": \"web\", \"tool_name\": \"fat\"}");

        int schema = fat.get("inputSchema").toString().length();
        assertEquals(List.of("MCP server 'web' lists a tool without a name; it was left out",
                "MCP server 'web': tool 'fat' was left out: its input schema is " + schema + " characters, more than"
                        + " the " + OfferedTools.MAX_SCHEMA_CHARS + " a tool may have",
                "a second tool named mcp__web__read_file was left out"), notes);
        assertTrue(names.contains("mcp__web__read_file"), names.toString());
        assertTrue(names.stream().allMatch(n -> n.length() <= McpToolAdapter.MAX_NAME), names.toString());
        assertTrue(names.stream().anyMatch(n -> n.startsWith("mcp__web__nnnn")), names.toString());
        String loud = nativeTools.find("mcp__web__loud").orElseThrow().description();
        assertTrue(loud.length() < RemoteTool.MAX_DESCRIPTION + 200, "a description is cut: " + loud.length());
        assertTrue(xmlDescription.length() < 40_000, "the XML tool's description stays bounded: "
                + xmlDescription.length());
        JsonNode status = servers.status(settings).get(0).toJson();
        assertEquals(12, status.path("tools").size(), status.toString().substring(0, 300));
        List<String> shownLeftOut = new ArrayList<>();
        status.path("leftOut").forEach(line -> shownLeftOut.add(line.asText()));
        assertEquals(notes.subList(0, 2), shownLeftOut, "agentls mcp list shows what was left out");
        assertTrue(leftOut.text().startsWith("use_mcp_tool: MCP server 'web' offers no tool 'fat' to this run; its"
                + " tools: echo, "), leftOut.text());
    }
}
