package dev.agentls.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.config.McpSettings;
import dev.agentls.config.ToolMode;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.host.QuestionWithdrawn;
import dev.agentls.tools.RecordingHost;
import dev.agentls.tools.ToolSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project's {@code .mcp.json} runs nothing until the user trusts it: asked once, remembered in
 * {@code .agentls/settings.json} beside the "Always allow" commands, asked again when the entry changes, and a
 * refusal means the server is not started.
 */
@Tag("slow")
class TrustTest {

    @TempDir
    Path root;
    @TempDir
    Path home;

    private McpServers servers() {
        return new McpServers(new McpConfigLoader(McpConfigLoader.userFileUnder(home), Map.of()), List.of(root),
                line -> { });
    }

    @Test
    void aTrustQuestionLeftUnansweredIsWithdrawnAtItsWaitAndStartsNothing() throws Exception {
        McpFixtures.writeProjectConfig(root, "sdk", McpFixtures.sdkServerEntry());
        CompletableFuture<Boolean> question = new CompletableFuture<>();
        Host silent = new Host() {
            @Override
            public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
                throw new AssertionError("nothing is written");
            }

            @Override
            public CompletableFuture<Boolean> confirm(String title, String detail) {
                return question;
            }

            @Override
            public CompletableFuture<Optional<String>> ask(String q, List<String> options) {
                throw new AssertionError("only the trust question is asked");
            }

            @Override
            public void progress(String message) {}
        };
        try (McpServers servers = new McpServers(new McpConfigLoader(McpConfigLoader.userFileUnder(home), Map.of()),
                List.of(root), line -> { }, Duration.ofMillis(300))) {
            ToolSet.Later later = servers.toolsFor(SETTINGS, ToolMode.NATIVE, silent);
            assertEquals(List.of(), later.tools());
            assertEquals(List.of("MCP server 'sdk' was not started: the trust question was not answered within"
                    + " 300 ms"), later.notes());
        }
        assertEquals("it waited 300 ms without an answer; the next run asks again",
                assertThrows(QuestionWithdrawn.class, question::join).reason());
        assertFalse(Files.exists(root.resolve(".agentls/settings.json")), "nothing is remembered as trusted");
    }

    private static final McpSettings SETTINGS = new McpSettings(Duration.ofSeconds(30), Optional.empty());

    @Test
    void asksOnceRemembersTheEntryAndAsksAgainWhenItChanges() throws Exception {
        Files.createDirectories(root.resolve(".agentls"));
        Files.writeString(root.resolve(".agentls/settings.json"), "{\"alwaysAllow\": [\"npm test\"], \"x\": 1}");
        McpFixtures.writeProjectConfig(root, "sdk", McpFixtures.sdkServerEntry());
        RecordingHost host = new RecordingHost().answering(true);
        try (McpServers servers = servers()) {
            ToolSet.Later first = servers.toolsFor(SETTINGS, ToolMode.NATIVE, host);
            assertEquals(List.of(), first.notes());
            assertTrue(first.tools().stream().anyMatch(t -> t.name().equals("mcp__sdk__echo")));
        }
        assertEquals(1, host.confirmations.size());
        String asked = host.confirmations.get(0);
        assertTrue(asked.startsWith("Start MCP server 'sdk' from .mcp.json?\nThe project's "
                + root.resolve(".mcp.json") + " asks to run: "), asked);
        assertTrue(asked.contains(SdkTestServer.class.getName()), asked);
        JsonNode stored = McpFixtures.JSON.readTree(root.resolve(".agentls/settings.json").toFile());
        assertEquals("npm test", stored.path("alwaysAllow").get(0).asText(), "the other keys are kept: " + stored);
        assertEquals(1, stored.path("x").asInt());
        assertEquals(64, stored.path("mcpTrusted").path("sdk").asText().length());

        // A new session: trusted, so not asked.
        try (McpServers servers = servers()) {
            servers.toolsFor(SETTINGS, ToolMode.NATIVE, host);
        }
        assertEquals(1, host.confirmations.size());

        // The entry changes: asked again, and a refusal starts nothing.
        ObjectNode changed = McpFixtures.sdkServerEntry();
        changed.putObject("env").put("EXTRA", "1");
        McpFixtures.writeProjectConfig(root, "sdk", changed);
        RecordingHost refusing = new RecordingHost().answering(false);
        try (McpServers servers = servers()) {
            ToolSet.Later refused = servers.toolsFor(SETTINGS, ToolMode.NATIVE, refusing);
            assertEquals(List.of(), refused.tools());
            assertEquals(List.of("MCP server 'sdk' from " + root.resolve(".mcp.json") + " was not started: the user"
                    + " did not trust it"), refused.notes());
            assertEquals("untrusted", servers.status(SETTINGS).get(0).state().id());
            // Refused in this session: not asked again until the entry changes.
            servers.toolsFor(SETTINGS, ToolMode.NATIVE, refusing);
            assertEquals(1, refusing.confirmations.size());
        }
    }

    @Test
    void theUsersOwnFileNeedsNoTrust() throws Exception {
        Files.createDirectories(McpConfigLoader.userFileUnder(home).getParent());
        ObjectNode file = McpFixtures.JSON.createObjectNode();
        file.putObject("mcpServers").set("sdk", McpFixtures.sdkServerEntry());
        Files.writeString(McpConfigLoader.userFileUnder(home), file.toString());
        RecordingHost host = new RecordingHost();
        try (McpServers servers = servers()) {
            ToolSet.Later later = servers.toolsFor(SETTINGS, ToolMode.XML, host);
            assertEquals(List.of("use_mcp_tool", "access_mcp_resource"), later.tools().stream()
                    .map(t -> t.name()).toList());
            assertTrue(later.tools().get(0).description().contains("\n- echo: Answers its text."),
                    later.tools().get(0).description());
        }
        assertEquals(List.of(), host.confirmations);
    }

    @Test
    void aSettingsFileThatIsNotAnObjectIsLeftAsItIs() throws Exception {
        Files.createDirectories(root.resolve(".agentls"));
        Files.writeString(root.resolve(".agentls/settings.json"), "[1, 2]");
        assertEquals(Optional.of(".agentls/settings.json is not a JSON object; it was left as it is, so the trust"
                + " holds for this session only"), TrustStore.remember(root, "sdk", "abc"));
        assertEquals("[1, 2]", Files.readString(root.resolve(".agentls/settings.json")));
    }
}
