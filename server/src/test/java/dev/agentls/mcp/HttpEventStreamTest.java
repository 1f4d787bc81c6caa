package dev.agentls.mcp;

import static dev.agentls.mcp.HttpServerFixture.call;
import static dev.agentls.mcp.HttpServerFixture.run;
import static dev.agentls.mcp.HttpServerFixture.settings;
import static dev.agentls.mcp.HttpServerFixture.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.config.McpSettings;
import dev.agentls.tools.ToolResult;
import dev.agentls.tools.ToolSet;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server-to-client event stream of the Streamable HTTP transport (the GET of the specification's "Listening for
 * Messages from the Server", "Resumability and Redelivery"), against {@link StreamableHttpTestServer}: notices and
 * requests on it, a server without one (405), a stream that breaks (the SDK resumes none: what AgentLS does instead),
 * and hostile streams (a malformed event, a huge id, silence, a storm of notices).
 */
@Tag("slow")
class HttpEventStreamTest {

    @TempDir
    Path root;
    private HttpServerFixture fixture;

    @BeforeEach
    void open() {
        fixture = new HttpServerFixture(root);
    }

    @AfterEach
    void close() throws Exception {
        fixture.close();
    }

    private static ObjectNode message(String method) {
        return McpFixtures.JSON.createObjectNode().put("jsonrpc", "2.0").put("method", method);
    }

    private static ObjectNode listChanged() {
        return message("notifications/tools/list_changed");
    }

    /** A running server with its event stream open, and the McpServers that started it. */
    private record Started(StreamableHttpTestServer server, McpServers servers, McpSettings settings) {}

    private Started startedWithEventStream(Duration timeout) throws Exception {
        StreamableHttpTestServer server = fixture.server().offerEventStream();
        McpSettings settings = settings(server.url(), timeout);
        McpServers servers = fixture.servers();
        ToolSet first = run(servers, settings);
        assertEquals("echo: up", call(first, "mcp__web__echo", "{\"text\": \"up\"}").text(), first.notes() + " "
                + fixture.log);
        assertTrue(within(10, () -> server.events().openStreams() == 1), "the client opens the GET stream: "
                + server.seen());
        return new Started(server, servers, settings);
    }

    private static List<String> toolNames(McpServers servers, McpSettings settings) {
        McpServerState state = servers.status(settings).get(0).state();
        return state instanceof McpServerState.Ready ready ? ready.tools().stream().map(RemoteTool::name).toList()
                : List.of();
    }

    @Test
    void aToolListChangedNoticeOnTheEventStreamListsTheToolsAgainAndTheNextRunIsOfferedTheNewList() throws Exception {
        Started s = startedWithEventStream(Duration.ofSeconds(10));
        int listings = s.server().toolListings();
        assertFalse(run(s.servers(), s.settings()).names().contains("mcp__web__t1"));

        s.server().changeTools(StreamableHttpTestServer.plainTools(2));
        s.server().push(listChanged());

        assertTrue(within(10, () -> toolNames(s.servers(), s.settings()).contains("t1")), fixture.log.toString());
        assertEquals(listings + 1, s.server().toolListings(), "one notice, one listing");
        ToolSet next = run(s.servers(), s.settings());
        assertTrue(next.names().contains("mcp__web__t0") && next.names().contains("mcp__web__t1"),
                next.names().toString());
        assertEquals(List.of(), next.notes());
        assertTrue(fixture.log.contains("MCP server 'web': tools listed again, 10 tools"), fixture.log.toString());
    }

    @Test
    void aServerWithoutAnEventStreamAnswers405ToTheGetAndWorksWithNoErrorShown() throws Exception {
        StreamableHttpTestServer server = fixture.server();
        McpSettings settings = settings(server.url(), Duration.ofSeconds(10));
        McpServers servers = fixture.servers();
        ToolSet tools = run(servers, settings);

        ToolResult echoed = call(tools, "mcp__web__echo", "{\"text\": \"no stream\"}");

        assertEquals("echo: no stream", echoed.text());
        assertEquals(List.of(), tools.notes());
        assertTrue(within(5, () -> server.seen().stream().anyMatch(seen -> seen.httpMethod().equals("GET"))),
                "the client asked for the stream: " + server.seen());
        assertEquals(List.of("MCP server 'web': starting " + server.url(), "MCP server 'web': ready, 8 tools"),
                fixture.log, "nothing about the missing stream is shown");
        assertEquals("echo: again", call(run(servers, settings), "mcp__web__echo", "{\"text\": \"again\"}").text());
        assertEquals(1, server.toolListings(), "no stream is no reason to list again");
    }

    @Test
    void aRequestFromTheServerOnTheEventStreamIsAnsweredByPost() throws Exception {
        Started s = startedWithEventStream(Duration.ofSeconds(10));

        s.server().push(message("ping").put("id", "server-1"));

        assertTrue(within(10, () -> !s.server().responses().isEmpty()), s.server().seen().toString());
        JsonNode response = s.server().responses().get(0);
        assertEquals("server-1", response.path("id").asText());
        assertTrue(response.path("result").isObject(), response.toString());
    }

    @Test
    void aStormOfFiveHundredListChangedNoticesCostsAtMostTwoListings() throws Exception {
        Started s = startedWithEventStream(Duration.ofSeconds(10));
        int listings = s.server().toolListings();

        s.server().changeTools(StreamableHttpTestServer.plainTools(1));
        for (int i = 0; i < 500; i++) {
            s.server().push(listChanged());
        }

        assertTrue(within(10, () -> toolNames(s.servers(), s.settings()).contains("t0")), fixture.log.toString());
        // Counted as soon as the new list shows: a notice listed one by one would have listed hundreds by then. That
        // no later listing follows is ToolListRefreshTest's, whose quiet delay is run by hand.
        int more = s.server().toolListings() - listings;
        assertTrue(more >= 1 && more <= 2, "coalesced: " + more + " listings for 500 notices");
    }

    @Test
    void aBrokenEventStreamIsNotResumedByTheSdkSoEveryRunListsTheToolsAgain() throws Exception {
        Started s = startedWithEventStream(Duration.ofSeconds(10));
        int listings = s.server().toolListings();

        s.server().events().breakOpenStreams();
        assertTrue(within(10, () -> fixture.log.stream().anyMatch(l -> l.startsWith("MCP server 'web': a stream from"
                + " it broke ("))), fixture.log.toString());
        assertTrue(within(10, () -> s.server().events().openStreams() == 0), "the server's side of the stream ended");
        s.server().changeTools(StreamableHttpTestServer.plainTools(1));
        s.server().push(listChanged());

        // No stream is open to carry the notice; the next run lists the tools itself.
        ToolSet next = run(s.servers(), s.settings());
        assertTrue(next.names().contains("mcp__web__t0"), "the next run lists the tools itself: " + next.names());
        assertEquals(List.of(), next.notes());
        assertEquals(listings + 1, s.server().toolListings());
        run(s.servers(), s.settings()).names();
        // Counted after two runs: the SDK opened no new stream, with or without Last-Event-ID.
        assertEquals(1, s.server().seen().stream().filter(seen -> seen.httpMethod().equals("GET")).count(),
                s.server().seen().toString());
        assertEquals(listings + 2, s.server().toolListings(), "and so does every run after it");
        assertEquals("echo: after", call(next, "mcp__web__echo", "{\"text\": \"after\"}").text());
    }

    @Test
    void anAnswerStreamBrokenBeforeTheAnswerFailsItsCallAtTheTimeoutSayingTheStreamBroke() throws Exception {
        Started s = startedWithEventStream(Duration.ofSeconds(2));
        ToolSet tools = run(s.servers(), s.settings());

        long start = System.nanoTime();
        ToolResult lost = call(tools, "mcp__web__resumable", "{\"text\": \"lost\"}");
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertFalse(lost.isSuccess());
        assertTrue(lost.text().startsWith("mcp__web__resumable: MCP server 'web' did not answer tool 'resumable'"
                + " within 2 s (agentls.mcp.timeout); meanwhile a stream from it broke ("), lost.text());
        assertTrue(lost.text().endsWith(") and broken streams are not resumed, so the answer it carried was lost"),
                lost.text());
        assertTrue(millis < 6_000, "bounded by the call timeout: " + millis + " ms");
        assertTrue(s.server().seen().stream().noneMatch(seen -> seen.lastEventId() != null),
                "the SDK never asks for the rest with Last-Event-ID: " + s.server().seen());
        assertEquals("echo: next", call(tools, "mcp__web__echo", "{\"text\": \"next\"}").text());
    }

    @Test
    void aMalformedEventEndsTheEventStreamButNotTheServerAndRunsListTheToolsThemselves() throws Exception {
        Started s = startedWithEventStream(Duration.ofSeconds(10));

        s.server().events().appendRaw("x", "id: x\nevent: message\ndata: {\"jsonrpc\": \"2.0\", \"method\n\n");

        assertTrue(within(10, () -> fixture.log.stream().anyMatch(l -> l.startsWith("MCP server 'web': a stream from"
                + " it broke ("))), fixture.log.toString());
        assertInstanceOf(McpServerState.Ready.class, s.servers().status(s.settings()).get(0).state());
        s.server().changeTools(StreamableHttpTestServer.plainTools(1));
        ToolSet next = run(s.servers(), s.settings());
        assertTrue(next.names().contains("mcp__web__t0"), next.names().toString());
        assertEquals("echo: fine", call(next, "mcp__web__echo", "{\"text\": \"fine\"}").text());
    }

    @Test
    void aRetryFieldOnTheEventStreamIsTakenAndLaterNoticesStillArrive() throws Exception {
        Started s = startedWithEventStream(Duration.ofSeconds(10));

        // 2025-11-25 has servers send "retry:" before they close a stream; an SSE field the client must not choke on.
        s.server().events().appendRaw("r", "retry: 1000\n\n");
        s.server().changeTools(StreamableHttpTestServer.plainTools(1));
        s.server().push(listChanged());

        assertTrue(within(10, () -> toolNames(s.servers(), s.settings()).contains("t0")), fixture.log.toString());
        assertTrue(fixture.log.stream().noneMatch(l -> l.contains("broke")), fixture.log.toString());
    }

    @Test
    void anEventWithAMegabyteIdIsTakenAndItsNoticeArrives() throws Exception {
        Started s = startedWithEventStream(Duration.ofSeconds(10));
        String huge = "9".repeat(1 << 20);

        s.server().changeTools(StreamableHttpTestServer.plainTools(1));
        s.server().events().appendRaw(huge, "id: " + huge + "\nevent: message\ndata: " + listChanged() + "\n\n");

        assertTrue(within(10, () -> toolNames(s.servers(), s.settings()).contains("t0")), fixture.log.toString());
        assertTrue(fixture.log.stream().noneMatch(l -> l.contains(huge)), "the id is never echoed");
        assertEquals("echo: fine", call(run(s.servers(), s.settings()), "mcp__web__echo", "{\"text\": \"fine\"}")
                .text());
    }

    @Test
    void anEventIdThreeTimesTheMessageBoundEndsTheStreamNotTheServer() throws Exception {
        Started s = startedWithEventStream(Duration.ofSeconds(10));
        // The SDK bounds a line near the message bound (seen: an id of 8 MiB + 1 KiB is still taken); far past it, the
        // stream is ended, which AgentLS then treats as any broken stream.
        String huge = "7".repeat(3 * ServerTransports.MAX_MESSAGE_BYTES);

        s.server().events().appendRaw("huge", "id: " + huge + "\nevent: message\ndata: " + listChanged() + "\n\n");

        assertTrue(within(20, () -> fixture.log.stream().anyMatch(l -> l.startsWith("MCP server 'web': a stream from"
                + " it broke ("))), fixture.log.toString());
        assertTrue(fixture.log.stream().allMatch(l -> l.length() < 2_000), "nothing of the id is echoed at length");
        assertInstanceOf(McpServerState.Ready.class, s.servers().status(s.settings()).get(0).state());
        assertEquals("echo: fine", call(run(s.servers(), s.settings()), "mcp__web__echo", "{\"text\": \"fine\"}")
                .text());
    }

    @Test
    void aSilentEventStreamKeepsNoThreadBusyAndCallsGoOn() throws Exception {
        Started s = startedWithEventStream(Duration.ofSeconds(10));
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

        long cpuBefore = os.getProcessCpuTime();
        long wallBefore = System.nanoTime();
        Thread.sleep(2_000); // the window the CPU is measured over, not a wait for an event
        double cpu = (os.getProcessCpuTime() - cpuBefore) / 1e9;
        double wall = (System.nanoTime() - wallBefore) / 1e9;

        assertTrue(cpu < 0.5 * wall, "the whole test JVM used " + cpu + " s of CPU in " + wall + " s of silence");
        assertEquals(1, s.server().events().openStreams(), "the stream stays open, waiting");
        long start = System.nanoTime();
        assertEquals("echo: still", call(run(s.servers(), s.settings()), "mcp__web__echo", "{\"text\": \"still\"}")
                .text());
        assertTrue((System.nanoTime() - start) / 1_000_000 < 5_000);
    }
}
