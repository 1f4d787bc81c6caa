package dev.agentls.cli;

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
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A headless front door's runs never wait for the repo map: the first request goes without a map that is not read
 * yet, says so and lists the workspace's files; the map joins the run as a message once read, and the system prompt
 * stays the same bytes in every request, so the prompt cache serves from request 2 on. The map
 * is read on an executor the test holds until the first request has been answered; the model is
 * {@code agentls replay-model}'s server on loopback.
 */
class HeadlessWorkspaceRepoMapTest {

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
    void theFirstRequestListsTheFilesAndTheMapJoinsAsAMessageWithThePrefixUnchanged() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        holdMapReading();
        try (ReplayServer model = ReplayServer.start(new OpenAiScript()
                .answer("Reading.", "read_file", arguments("target_file", GREETER))
                .answer("Again.", "list_dir", arguments("relative_workspace_path", "src"))
                .answer("", "attempt_completion", arguments("result", "Read it.")).transcript(), 0, connections,
                line -> { });
             HeadlessRuns workspace = workspace(root, model)) {
            RunOutcome outcome = workspace.run(RunRequest.of("Read the greeter"), event -> {
                if (event instanceof AgentEvent.ToolCall call && call.name().equals("read_file")) {
                    // The first answer is in: only now may the map be read, and the next request is built after it.
                    mapHeld.countDown();
                    workspace.workspace().agents().repoMapRead().join();
                }
            }).outcome().get(60, TimeUnit.SECONDS);

            assertEquals(RunStatus.COMPLETED, outcome.status(), outcome.text() + "\n" + stderr());
            assertEquals("Read it.", outcome.text());
            List<String> bodies = model.requests().stream().map(ReplayServer.Request::body).toList();
            assertEquals(3, bodies.size(), "one request per answer");
            String first = systemPrompt(bodies.get(0));
            assertTrue(first.contains(NOT_READY + " (0 files read so far); it comes as a message of this task once"
                    + " read."), first);
            assertTrue(first.contains("# Workspace files\n") && first.contains("\nsrc/\n  main/\n    java/\n      demo/\n"), first);
            assertTrue(first.contains("\n        Greeter.java"), "the first request lists the files: " + first);
            assertFalse(first.contains(GREETER + ":"), first);
            assertEquals(first, systemPrompt(bodies.get(1)), "the system prompt is the same in request 2");
            assertEquals(first, systemPrompt(bodies.get(2)));
            String messages1 = JSON.readTree(bodies.get(1)).get("messages").toString();
            String messages2 = JSON.readTree(bodies.get(2)).get("messages").toString();
            assertTrue(messages1.contains("# Repository map (read after this task started)")
                    && messages1.contains(GREETER + ":"), "the map joins request 2 as a message: " + messages1);
            String shared = messages1.substring(0, messages1.length() - 1);
            assertTrue(messages2.startsWith(shared), "request 3 repeats request 2's messages as its prefix");
            int task = bodies.get(0).indexOf("Read the greeter") + "Read the greeter".length();
            assertEquals(bodies.get(0).substring(0, task), bodies.get(1).substring(0, task),
                    "request 2 repeats request 1's bytes through the task: the cache serves from request 2");
        }
    }

    @Test
    void aMapReadBeforeTheRunStartsIsInItsFirstRequest() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        try (ReplayServer model = ReplayServer.start(new OpenAiScript()
                .answer("", "attempt_completion", arguments("result", "Done.")).transcript(), 0, connections,
                line -> { });
             HeadlessRuns workspace = workspace(root, model)) {
            workspace.workspace().agents().repoMapRead().get(30, TimeUnit.SECONDS);
            RunOutcome outcome = workspace.run(RunRequest.of("Read the greeter"), event -> { })
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

    private HeadlessRuns workspace(Path root, ReplayServer model) throws UsageException {
        return HeadlessRuns.open(root, model, temp.resolve("home"), new PrintStream(err, true, StandardCharsets.UTF_8),
                TerminalHost.Prompter.none(), RunOptions.Approvals.DENY, agents -> agents.readingMapsOn(mapReading));
    }

    private static String systemPrompt(String body) throws Exception {
        return JSON.readTree(body).get("messages").get(0).get("content").asText();
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
