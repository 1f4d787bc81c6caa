package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.RunMode;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.agent.RunStatus;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.tools.TestWorkspace;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When {@code run_started} comes (issue 11): a run asked for in ask mode knows its mode at once and says so before its
 * first request is sent; a direct run's mode is decided by its first answer, so its {@code run_started} comes after
 * that answer is in. Counted at the model's side: {@code agentls replay-model}'s server on loopback.
 */
class RunStartedOrderTest {

    @TempDir
    Path temp;

    private final ExecutorService connections = Executors.newCachedThreadPool();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void stop() {
        connections.shutdownNow();
    }

    @Test
    void anAskRunStatesItsModeBeforeItsFirstRequestIsSent() throws Exception {
        assertEquals(0, requestsSeenAtRunStarted(RunMode.ASK), "requests the model had when run_started came");
    }

    @Test
    void aDirectRunStatesItsModeOnlyOnceTheFirstAnswerDecidedIt() throws Exception {
        assertEquals(1, requestsSeenAtRunStarted(RunMode.DIRECT), "requests the model had when run_started came");
    }

    private int requestsSeenAtRunStarted(RunMode mode) throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        try (ReplayServer model = ReplayServer.start(new OpenAiScript()
                .answer("", "attempt_completion", arguments("result", "Done.")).transcript(), 0, connections,
                line -> { });
             HeadlessRuns workspace = HeadlessRuns.open(root, model, temp.resolve("home"),
                     new PrintStream(err, true, StandardCharsets.UTF_8))) {
            CompletableFuture<Integer> seen = new CompletableFuture<>();
            RunOutcome outcome = workspace.run(RunRequest.of("Say hello").withMode(mode), event -> {
                if (event instanceof AgentEvent.RunStarted started) {
                    assertEquals(mode, started.mode());
                    seen.complete(model.requests().size());
                }
            }).outcome().get(60, TimeUnit.SECONDS);

            assertEquals(RunStatus.COMPLETED, outcome.status(), outcome.text() + "\n" + err);
            assertEquals(1, model.requests().size());
            return seen.get(0, TimeUnit.SECONDS);
        }
    }
}
