package dev.agentls.cli;

import dev.agentls.session.McpWiring;
import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.agent.RunStatus;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.tools.TestWorkspace;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A headless front door's workspace as it starts: the tools of the first answer already see the whole workspace (their
 * searches wait for the file index), and with no MCP configuration nothing of MCP is started. The model is
 * {@code agentls replay-model}'s server on loopback.
 */
@Tag("slow")
class HeadlessWorkspaceStartTest {

    @TempDir
    Path temp;

    private final ExecutorService connections = Executors.newCachedThreadPool();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void stop() {
        connections.shutdownNow();
    }

    @Test
    void aSearchInTheFirstAnswerSeesTheWholeWorkspace() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        try (ReplayServer model = searchingModel();
             HeadlessRuns workspace = HeadlessRuns.open(root, model, temp.resolve("home"),
                     new PrintStream(err, true, StandardCharsets.UTF_8))) {
            assertSearchesSawTheWholeWorkspace(workspace);
        }
    }

    @Test
    void aOneShotRunStartsItsIndexAtTheFirstAnswerAndItsSearchesStillSeeTheWholeWorkspace() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        try (ReplayServer model = searchingModel();
             HeadlessRuns workspace = HeadlessRuns.oneShot(root, model, temp.resolve("home"),
                     new PrintStream(err, true, StandardCharsets.UTF_8))) {
            assertFalse(workspace.workspace().workspace().index().firstBuilt().isDone(),
                    "no index is read before the first request has left");
            assertSearchesSawTheWholeWorkspace(workspace);
            workspace.workspace().agents().repoMapRead().get(30, TimeUnit.SECONDS);
        }
    }

    private ReplayServer searchingModel() throws Exception {
        return ReplayServer.start(new OpenAiScript()
                .answer("", "grep_search", arguments("query", "class Greeter"))
                .answer("", "file_search", arguments("query", "stats"))
                .answer("", "attempt_completion", arguments("result", "Found it.")).transcript(), 0, connections,
                line -> { });
    }

    private void assertSearchesSawTheWholeWorkspace(HeadlessRuns workspace) throws Exception {
        List<AgentEvent.ToolResult> results = new CopyOnWriteArrayList<>();
        RunOutcome outcome = workspace.run(RunRequest.of("Where is the greeter?"), event -> {
            if (event instanceof AgentEvent.ToolResult result) {
                results.add(result);
            }
        }).outcome().get(60, TimeUnit.SECONDS);

        assertEquals(RunStatus.COMPLETED, outcome.status(), outcome.text() + "\n" + err);
        assertEquals(3, results.size(), results.toString());
        assertTrue(results.get(0).ok() && results.get(0).text().contains("src/main/java/demo/Greeter.java"),
                results.get(0).text());
        assertTrue(results.get(1).ok() && results.get(1).text().contains("scripts/stats.py"),
                results.get(1).text());
    }

    @Test
    void mcpIsMadeOnlyWhereAServerCanBeConfigured() throws Exception {
        Path home = temp.resolve("home");
        Path root = Files.createDirectories(temp.resolve("ws"));
        McpWiring mcp = new McpWiring(home, Map.of(), new PrintStream(err, true, StandardCharsets.UTF_8));
        AgentLsSettings none = RunOptions.parse(new String[] {"--workspace", root.toString(), "--prompt", "p"})
                .settings();

        assertFalse(mcp.configured(List.of(root), none), "no user file, no .mcp.json, no settings");
        Files.writeString(root.resolve(".mcp.json"), "not even JSON");
        assertTrue(mcp.configured(List.of(root), none), "a project file, read (and refused) by the run");
        Files.delete(root.resolve(".mcp.json"));
        Path user = dev.agentls.mcp.McpConfigLoader.userFileUnder(home);
        Files.createDirectories(user.getParent());
        Files.writeString(user, "{}");
        assertTrue(mcp.configured(List.of(root), none), "the user's file");
        Files.delete(user);
        AgentLsSettings withServers = new dev.agentls.config.SettingsParser().parse(
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                        "{\"mcp\": {\"servers\": {\"x\": {\"command\": \"true\"}}}}")).settings();
        assertTrue(mcp.configured(List.of(root), withServers), "servers in the settings");
    }
}
