package dev.agentls.mcp;

import static dev.agentls.mcp.HttpServerFixture.call;
import static dev.agentls.mcp.HttpServerFixture.run;
import static dev.agentls.mcp.HttpServerFixture.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.config.McpSettings;
import dev.agentls.config.ToolMode;
import dev.agentls.tools.RecordingHost;
import dev.agentls.tools.ToolResult;
import dev.agentls.tools.ToolSet;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An HTTP server that refuses AgentLS (the specification's "Authorization": 401 with a {@code WWW-Authenticate}
 * challenge naming the protected resource's metadata, 403 for credentials without the right scope): the server's state
 * and the run's note say what to put where, name the challenge, never show a header's value, and cost one attempt per
 * run, never a retry loop.
 */
@Tag("slow")
class HttpAuthorizationTest {

    private static final String METADATA = "https://mcp.example.com/.well-known/oauth-protected-resource";

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

    private static String where() {
        return " in agentls.mcp.servers";
    }

    private long posts(StreamableHttpTestServer server) {
        return server.seen().stream().filter(s -> s.httpMethod().equals("POST")).count();
    }

    private void assertNoSecretShown(McpServers servers, McpSettings settings, List<String> notes) {
        String everything = notes + " " + fixture.log + " " + servers.status(settings).get(0).toJson();
        assertFalse(everything.contains(HttpServerFixture.TOKEN), everything);
    }

    @Test
    void a401WithAChallengeLeavesTheServerFailedWithWhatToAddWhereAndTheChallengesMetadata() throws Exception {
        StreamableHttpTestServer server = fixture.server().requireAuthorization("Bearer granted",
                "Bearer realm=\"mcp\", resource_metadata=\"" + METADATA + "\", scope=\"files:read\"");
        McpSettings settings = settings(server.url(), Duration.ofSeconds(10), false);
        McpServers servers = fixture.servers();

        ToolSet.Later later = servers.toolsFor(settings, ToolMode.NATIVE, new RecordingHost());

        String reason = "MCP server 'web' at " + server.url() + " answered 401 Unauthorized: it needs credentials;"
                + " add an Authorization header to its entry (\"headers\", e.g. \"Authorization\": \"Bearer"
                + " ${TOKEN_VARIABLE}\")" + where() + "; its WWW-Authenticate challenge: Bearer realm=\"mcp\","
                + " resource_metadata=\"" + METADATA + "\", scope=\"files:read\" (AgentLS does not run OAuth sign-in:"
                + " get a token and put it in the header)";
        assertEquals(List.of(), later.tools());
        assertEquals(List.of(reason + "; this run goes on without it"), later.notes());
        JsonNode status = servers.status(settings).get(0).toJson();
        assertEquals("failed", status.path("state").asText());
        assertEquals(reason, status.path("reason").asText());
        assertEquals(1, posts(server), "one initialize, no retry: " + server.seen());
    }

    @Test
    void a401ToTheEntrysOwnHeaderSaysItWasNotAcceptedWithoutShowingItAndEachRunTriesOnce() throws Exception {
        StreamableHttpTestServer server = fixture.server().requireAuthorization("Bearer granted",
                "Bearer resource_metadata=\"" + METADATA + "\"");
        McpSettings settings = settings(server.url(), Duration.ofSeconds(10));
        McpServers servers = fixture.servers();

        List<String> first = run(servers, settings).notes();
        List<String> second = run(servers, settings).notes();

        String reason = "MCP server 'web' at " + server.url() + " answered 401 Unauthorized: it needs credentials;"
                + " the Authorization header its entry sends was not accepted (wrong or expired): replace it in the"
                + " entry's \"headers\"" + where() + "; its WWW-Authenticate challenge: Bearer resource_metadata=\""
                + METADATA + "\" (AgentLS does not run OAuth sign-in: get a token and put it in the header)";
        assertEquals(List.of(reason + "; this run goes on without it"), first);
        assertEquals(first, second);
        assertEquals(2, posts(server), "one attempt per run: " + server.seen());
        assertNoSecretShown(servers, settings, first);
    }

    @Test
    void a403NamesTheScopeTheServerWantsAndTheEntrysHeader() throws Exception {
        StreamableHttpTestServer server = fixture.server().forbid("Bearer error=\"insufficient_scope\","
                + " scope=\"files:write\", resource_metadata=\"" + METADATA + "\", error_description=\"needs write\"");
        McpSettings settings = settings(server.url(), Duration.ofSeconds(10));
        McpServers servers = fixture.servers();

        List<String> notes = run(servers, settings).notes();

        assertEquals(List.of("MCP server 'web' at " + server.url() + " answered 403 Forbidden: it refused the"
                + " credentials of the Authorization header its entry sends (they may lack a permission or scope);"
                + " change it in the entry's \"headers\"" + where() + "; its WWW-Authenticate challenge: Bearer"
                + " resource_metadata=\"" + METADATA + "\", scope=\"files:write\", error=\"insufficient_scope\","
                + " error_description=\"needs write\" (AgentLS does not run OAuth sign-in: get a token and put it in"
                + " the header); this run goes on without it"), notes);
        assertNoSecretShown(servers, settings, notes);
    }

    @Test
    void credentialsRevokedMidSessionFailTheCallAndTheServerWithTheSameReason() throws Exception {
        StreamableHttpTestServer server = fixture.server();
        McpSettings settings = settings(server.url(), Duration.ofSeconds(10));
        McpServers servers = fixture.servers();
        ToolSet tools = run(servers, settings);
        assertEquals("echo: in", call(tools, "mcp__web__echo", "{\"text\": \"in\"}").text());

        server.requireAuthorization("Bearer rotated", "Bearer realm=\"mcp\"");
        ToolResult refused = call(tools, "mcp__web__echo", "{\"text\": \"out\"}");

        String reason = "MCP server 'web' at " + server.url() + " answered 401 Unauthorized: it needs credentials;"
                + " the Authorization header its entry sends was not accepted (wrong or expired): replace it in the"
                + " entry's \"headers\"" + where() + "; its WWW-Authenticate challenge: Bearer realm=\"mcp\""
                + " (AgentLS does not run OAuth sign-in: get a token and put it in the header)";
        assertFalse(refused.isSuccess());
        assertEquals("mcp__web__echo: " + reason, refused.text());
        assertEquals(reason, servers.status(settings).get(0).state().describe());
        assertEquals(1, fixture.log.stream().filter(reason::equals).count(), "logged once: " + fixture.log);
        assertNoSecretShown(servers, settings, List.of(refused.text()));
    }

    @Test
    void aRefusedEventStreamIsLoggedWithItsReasonWhileCallsGoOnAndRunsListTheToolsThemselves() throws Exception {
        StreamableHttpTestServer server = fixture.server().offerEventStream()
                .refuseEventStream("Bearer realm=\"events\"");
        McpSettings settings = settings(server.url(), Duration.ofSeconds(10));
        McpServers servers = fixture.servers();
        ToolSet tools = run(servers, settings);
        assertEquals("echo: posts work", call(tools, "mcp__web__echo", "{\"text\": \"posts work\"}").text());
        int listings = server.toolListings();

        boolean logged = HttpServerFixture.within(10, () -> fixture.log.stream().anyMatch(l -> l.startsWith(
                "MCP server 'web' at " + server.url() + " answered 401 Unauthorized: it needs credentials; the")
                && l.contains("its WWW-Authenticate challenge: Bearer realm=\"events\"")));

        assertTrue(logged, fixture.log.toString());
        assertEquals("ready", servers.status(settings).get(0).toJson().path("state").asText());
        assertEquals("echo: still", call(run(servers, settings), "mcp__web__echo", "{\"text\": \"still\"}").text());
        assertEquals(listings + 1, server.toolListings(), "without the stream, the next run listed the tools itself");
        assertEquals(1, server.seen().stream().filter(s -> s.httpMethod().equals("GET")).count(),
                "the stream is asked for once, not in a loop: " + server.seen());
        assertNoSecretShown(servers, settings, List.of());
    }

    @Test
    void aRefusalWithoutAChallengeSaysSo() throws Exception {
        StreamableHttpTestServer server = fixture.server().forbid("");
        McpSettings settings = settings(server.url(), Duration.ofSeconds(10), false);

        List<String> notes = run(fixture.servers(), settings).notes();

        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains(" answered 403 Forbidden: it refused the credentials it was given; add an"
                + " Authorization header to its entry (\"headers\")" + where() + "; it sent no WWW-Authenticate"
                + " challenge (AgentLS"), notes.get(0));
    }

    @Test
    void aHostileChallengeIsCutAndStrippedOfControlCharacters() {
        String header = "Bearer realm=\"" + "r".repeat(5_000) + "\", scope=\"a\u0007b\", resource_metadata=nope,"
                + " secret=\"not shown\"";

        AuthorizationRefusal refusal = AuthorizationRefusal.parse(401, header);

        assertEquals("Bearer", refusal.scheme());
        assertEquals("r".repeat(200) + "\u2026", refusal.challenge().get("realm"));
        assertEquals("a?b", refusal.challenge().get("scope"));
        assertEquals("nope", refusal.challenge().get("resource_metadata"));
        assertFalse(refusal.challenge().containsKey("secret"), refusal.challenge().toString());
        assertEquals(AuthorizationRefusal.parse(401, "Bearer"), new AuthorizationRefusal(401, "Bearer",
                java.util.Map.of()));
        assertEquals("x", AuthorizationRefusal.parse(403, "realm=x").challenge().get("realm"));
        AuthorizationRefusal huge = AuthorizationRefusal.parse(401, "Bearer realm=\"" + "r".repeat(1 << 20));
        assertEquals(201, huge.challenge().get("realm").length(), "a megabyte header is read no further than it needs");
    }
}
