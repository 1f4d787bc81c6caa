package dev.agentls.cli;

import dev.agentls.session.McpWiring;
import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.agent.RunStatus;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.tools.TestWorkspace;
import dev.agentls.workspace.AtomicWriter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls run}'s workspace never waits for the repo map (issue 12): the first request goes without a map that
 * is not read yet and says so, and the run's later requests carry it once it is read, the same from then on. The map
 * is read on an executor the test holds until the first request has been answered; the model is
 * {@code agentls replay-model}'s server on loopback.
 */
class AgentWorkspaceRepoMapTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GREETER = "src/main/java/demo/Greeter.java";
    private static final String NOT_READY = "# Repository map\nNot in this request: the workspace is still being read";

    @TempDir
    Path temp;

    private final ExecutorService connections = Executors.newCachedThreadPool();
    private final ExecutorService mapReading = Executors.newSingleThreadExecutor();
    private final CountDownLatch mapHeld = new CountDownLatch(1);
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void stop() {
        mapHeld.countDown();
        mapReading.shutdownNow();
        connections.shutdownNow();
    }

    @Test
    void aRunWhoseRepoMapIsNotReadStillCompletesAndItsLaterRequestsCarryTheMap() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        holdMapReading();
        try (ReplayServer model = ReplayServer.start(new OpenAiScript()
                .answer("Reading.", "read_file", arguments("target_file", GREETER))
                .answer("Again.", "list_dir", arguments("relative_workspace_path", "src"))
                .answer("", "attempt_completion", arguments("result", "Read it.")).transcript(), 0, connections,
                line -> { });
             AgentWorkspace workspace = workspace(root, model)) {
            RunOutcome outcome = workspace.agent().run(RunRequest.of("Read the greeter"), event -> {
                if (event instanceof AgentEvent.ToolCall call && call.name().equals("read_file")) {
                    // The first answer is in: only now may the map be read, and the next request is built after it.
                    mapHeld.countDown();
                    workspace.mapRead().join();
                }
            }).outcome().get(60, TimeUnit.SECONDS);

            assertEquals(RunStatus.COMPLETED, outcome.status(), outcome.text() + "\n" + stderr());
            assertEquals("Read it.", outcome.text());
            List<String> systems = systemPrompts(model);
            assertEquals(3, systems.size(), "one request per answer");
            assertTrue(systems.get(0).contains(NOT_READY + " (0 files read so far); a later request of this run"
                    + " has it."), systems.get(0));
            assertFalse(systems.get(0).contains(GREETER + ":"), systems.get(0));
            assertTrue(systems.get(1).contains(GREETER + ":"), "the second request carries the map: "
                    + systems.get(1));
            assertFalse(systems.get(1).contains("Not in this request"), systems.get(1));
            String fixed = systems.get(0).substring(0, systems.get(0).indexOf("# Repository map"));
            assertTrue(systems.get(1).startsWith(fixed), "the fixed layers before the map stay the same prefix");
            assertEquals(systems.get(1), systems.get(2), "once the map joined, the prompt stays byte-identical");
        }
    }

    @Test
    void aMapReadBeforeTheRunStartsIsInItsFirstRequest() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        try (ReplayServer model = ReplayServer.start(new OpenAiScript()
                .answer("", "attempt_completion", arguments("result", "Done.")).transcript(), 0, connections,
                line -> { });
             AgentWorkspace workspace = workspace(root, model)) {
            workspace.mapRead().get(30, TimeUnit.SECONDS);
            RunOutcome outcome = workspace.agent().run(RunRequest.of("Read the greeter"), event -> { })
                    .outcome().get(60, TimeUnit.SECONDS);

            assertEquals(RunStatus.COMPLETED, outcome.status(), outcome.text() + "\n" + stderr());
            String system = systemPrompts(model).get(0);
            assertTrue(system.contains(GREETER + ":"), system);
            assertFalse(system.contains("Not in this request"), system);
        }
    }

    /** Occupies the map's only thread until {@link #mapHeld} is released, so the map cannot be read before. */
    private void holdMapReading() {
        mapReading.execute(() -> {
            try {
                mapHeld.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private AgentWorkspace workspace(Path root, ReplayServer model) throws UsageException {
        RunOptions options = RunOptions.parse(new String[] {"--workspace", root.toString(), "--prompt", "unused",
                "--base-url", model.baseUrl() + "/v1", "--model", "m"});
        PrintStream log = new PrintStream(err, true, StandardCharsets.UTF_8);
        return new AgentWorkspace(options.workspace(), options.settings(),
                new McpWiring(temp.resolve("home"), Map.of(), log),
                documents -> new ApprovingHost(new TerminalHost(documents, new AtomicWriter(),
                        TerminalHost.Prompter.none(), log), RunOptions.Approvals.DENY), mapReading);
    }

    private static List<String> systemPrompts(ReplayServer model) throws Exception {
        List<String> systems = new java.util.ArrayList<>();
        for (ReplayServer.Request request : model.requests()) {
            systems.add(JSON.readTree(request.body()).get("messages").get(0).get("content").asText());
        }
        return systems;
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
