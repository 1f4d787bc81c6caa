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
import dev.agentls.workspace.AtomicWriter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The order of {@code agentls run}'s set-up against its first request: what that request does not need (the repo map,
 * the file index) starts only once the first answer begins a tool call (or the model stays silent: see
 * PendingModelClientTest), not while its text is read nor after a first answer without a tool call (which ends the
 * run), so on two cores it does not compete with it; the tools of that first answer still see the whole workspace;
 * and with no MCP configuration nothing of MCP is made.
 * The model is {@code agentls replay-model}'s server on loopback.
 */
@Tag("slow")
class AgentWorkspaceStartOrderTest {

    @TempDir
    Path temp;

    private final ExecutorService connections = Executors.newCachedThreadPool();
    private final ExecutorService mapThreads = Executors.newCachedThreadPool();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void stop() {
        mapThreads.shutdownNow();
        connections.shutdownNow();
    }

    @Test
    void theRepoMapIsReadOnlyOnceTheFirstAnswerBeginsAToolCall() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        try (ReplayServer model = ReplayServer.start(new OpenAiScript()
                .answer("", "attempt_completion", arguments("result", "Done.")).transcript(), 0, connections,
                line -> { })) {
            // Requests the model had been sent each time the map asked for a thread.
            List<Integer> requestsAtMapWork = new CopyOnWriteArrayList<>();
            Executor recording = task -> {
                requestsAtMapWork.add(model.requests().size());
                mapThreads.execute(task);
            };
            try (AgentWorkspace workspace = workspace(root, model, recording)) {
                Thread.sleep(300); // the set-up's own threads had time to start anything they would start
                assertEquals(List.of(), requestsAtMapWork, "map work before any run");
                RunOutcome outcome = workspace.agent().run(RunRequest.of("Say hello"), event -> { })
                        .outcome().get(60, TimeUnit.SECONDS);

                assertEquals(RunStatus.COMPLETED, outcome.status(), outcome.text() + "\n" + err);
                workspace.mapRead().get(30, TimeUnit.SECONDS);
                assertFalse(requestsAtMapWork.isEmpty(), "the map was read after the answer");
                assertTrue(requestsAtMapWork.stream().allMatch(n -> n == 1),
                        "the map's work began only after the first request reached the model: " + requestsAtMapWork);
            }
        }
    }

    @Test
    void theRepoMapIsNotReadForAFirstAnswerOfTextAloneNeitherWhileItIsReadNorOnceItEnds() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        try (ReplayServer model = ReplayServer.start(new OpenAiScript().answer("Hello.", 1500).transcript(), 0,
                connections, line -> { })) {
            List<Integer> requestsAtMapWork = new CopyOnWriteArrayList<>();
            Executor recording = task -> {
                requestsAtMapWork.add(model.requests().size());
                mapThreads.execute(task);
            };
            // A quiet time longer than the test: a slow first event on a loaded machine must not start the set-up.
            try (AgentWorkspace workspace = workspace(root, model, recording, Duration.ofMinutes(1))) {
                var run = workspace.agent().run(RunRequest.of("Say hello"), event -> { });
                long asked = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (model.requests().isEmpty() && System.nanoTime() < asked) {
                    Thread.sleep(5);
                }
                // The replay model sends the text at once, then waits 1.5 s before it finishes: the text is read
                // and the answer still open.
                Thread.sleep(700);
                assertEquals(1, model.requests().size());
                assertFalse(run.outcome().isDone(), "the answer is still open");
                assertEquals(List.of(), requestsAtMapWork, "map work while the answer's text is being read");

                RunOutcome outcome = run.outcome().get(60, TimeUnit.SECONDS);
                assertEquals(RunStatus.COMPLETED, outcome.status(), outcome.text() + "\n" + err);
                Thread.sleep(500);
                assertEquals(1, model.requests().size());
                assertEquals(List.of(), requestsAtMapWork, "the answer ended the run: nothing of the map was read");
            }
        }
    }

    @Test
    void aSearchInTheFirstAnswerSeesTheWholeWorkspace() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        try (ReplayServer model = ReplayServer.start(new OpenAiScript()
                .answer("", "grep_search", arguments("query", "class Greeter"))
                .answer("", "file_search", arguments("query", "stats"))
                .answer("", "attempt_completion", arguments("result", "Found it.")).transcript(), 0, connections,
                line -> { });
             AgentWorkspace workspace = workspace(root, model, null)) {
            List<AgentEvent.ToolResult> results = new CopyOnWriteArrayList<>();
            RunOutcome outcome = workspace.agent().run(RunRequest.of("Where is the greeter?"), event -> {
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

    private AgentWorkspace workspace(Path root, ReplayServer model, Executor mapReading) throws UsageException {
        return workspace(root, model, mapReading, Duration.ofMillis(200));
    }

    private AgentWorkspace workspace(Path root, ReplayServer model, Executor mapReading, Duration quietModel)
            throws UsageException {
        RunOptions options = RunOptions.parse(new String[] {"--workspace", root.toString(), "--prompt", "unused",
                "--base-url", model.baseUrl() + "/v1", "--model", "m"});
        PrintStream log = new PrintStream(err, true, StandardCharsets.UTF_8);
        return new AgentWorkspace(options.workspace(), options.settings(),
                new McpWiring(temp.resolve("home"), Map.of(), log),
                documents -> new ApprovingHost(new TerminalHost(documents, new AtomicWriter(),
                        TerminalHost.Prompter.none(), log), RunOptions.Approvals.DENY), mapReading, quietModel);
    }
}
