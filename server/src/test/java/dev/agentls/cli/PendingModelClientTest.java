package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.ModelEvent;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelOutcome;
import dev.agentls.llm.ModelRequest;
import dev.agentls.llm.StreamingModelClient;
import dev.agentls.llm.replay.ReplayServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The model client {@code agentls run} builds beside its set-up: the first call waits until it is built and then goes
 * to it (the product's client, against {@code agentls replay-model}'s server on loopback); one that could not be built
 * fails the call with what its construction threw. And when the first call leaves the machine to the set-up it does not
 * need: at a tool call, at the answer's end, after a silence, never at the answer's first text.
 */
@Tag("slow")
class PendingModelClientTest {

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stop() {
        threads.shutdownNow();
        timers.shutdownNow();
    }

    @Test
    void theFirstCallWaitsForTheClientBeingBuiltAndThenGoesToIt() throws Exception {
        try (ReplayServer model = ReplayServer.start(new OpenAiScript().answer("Hello.").transcript(), 0, threads,
                line -> { })) {
            CompletableFuture<StreamingModelClient> building = new CompletableFuture<>();
            PendingModelClient client = new PendingModelClient(building, Duration.ofMinutes(1), timers);
            List<ModelEvent> events = new CopyOnWriteArrayList<>();
            Future<ModelOutcome> call = threads.submit(() -> client.stream(ModelRequest.of(
                    List.of(new ModelMessage.User("Say hello")), List.of()), events::add).outcome().get());

            assertThrows(TimeoutException.class, () -> call.get(200, TimeUnit.MILLISECONDS),
                    "no call before the client is built");
            assertEquals(0, model.requests().size());
            RunOptions options = RunOptions.parse(new String[] {"--workspace", ".", "--prompt", "p", "--base-url",
                    model.baseUrl() + "/v1", "--model", "m"});
            building.complete(StreamingModelClient.forProduct(options.settings().llm(), threads));

            assertInstanceOf(ModelOutcome.Completed.class, call.get(30, TimeUnit.SECONDS));
            assertEquals(1, model.requests().size());
            assertFalse(events.isEmpty(), "the answer streamed to the listener");
        }
    }

    @Test
    void aClientThatCouldNotBeBuiltFailsTheCallWithWhatItsConstructionThrew() {
        PendingModelClient client = new PendingModelClient(CompletableFuture.failedFuture(
                new IllegalArgumentException("llm.baseUrl has no host")), Duration.ofMinutes(1), timers);

        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> client.stream(
                ModelRequest.of(List.of(new ModelMessage.User("Say hello")), List.of()), event -> { }));
        assertEquals("llm.baseUrl has no host", thrown.getMessage());
        assertTrue(client.idleForSetUp().isDone(), "a call that could not be made leaves the machine to the set-up");
    }

    @Test
    void aFirstAnswerOfTextAloneNeverStartsTheSetUpNeitherAtItsTextNorAtItsEnd() throws Exception {
        try (ReplayServer model = ReplayServer.start(new OpenAiScript().answer("Hello.", 2500).transcript(), 0,
                threads, line -> { })) {
            // The text comes within the quiet time (a first call of a fresh JVM can take 0.1 s), the end after it.
            ScheduledThreadPoolExecutor handTimers = new ScheduledThreadPoolExecutor(1);
            handTimers.setRemoveOnCancelPolicy(true);
            PendingModelClient client = client(model, Duration.ofSeconds(2), handTimers);
            List<Boolean> idleAtText = new CopyOnWriteArrayList<>();
            ModelOutcome outcome = client.stream(request(), event -> {
                if (event instanceof ModelEvent.TextDelta || event instanceof ModelEvent.Finished) {
                    idleAtText.add(client.idleForSetUp().isDone());
                }
            }).outcome().get(30, TimeUnit.SECONDS);

            assertInstanceOf(ModelOutcome.Completed.class, outcome);
            assertEquals(List.of(false, false), idleAtText,
                    "not at the first text, nor at the quiet time after it (0.5 s before the answer finished)");
            // Every timer still set fires now, as if all the time in the world had passed.
            List.copyOf(handTimers.getQueue()).forEach(Runnable::run);
            handTimers.shutdownNow();
            assertFalse(client.idleForSetUp().isDone(), "an answer without a tool call ends the run: no set-up after it");
        }
    }

    @Test
    void aToolCallStartsTheSetUpBeforeItGoesOn() throws Exception {
        try (ReplayServer model = ReplayServer.start(new OpenAiScript()
                .answer("Looking.", 300, "grep_search", OpenAiScript.arguments("query", "x")).transcript(), 0,
                threads, line -> { })) {
            PendingModelClient client = client(model, Duration.ofMinutes(1));
            List<String> seen = new CopyOnWriteArrayList<>();
            client.stream(request(), event -> {
                if (event instanceof ModelEvent.TextDelta || event instanceof ModelEvent.ToolCallStarted) {
                    seen.add(event.getClass().getSimpleName() + " " + client.idleForSetUp().isDone());
                }
            }).outcome().get(30, TimeUnit.SECONDS);

            assertEquals(List.of("TextDelta false", "ToolCallStarted true"), seen);
        }
    }

    @Test
    void aModelSilentForTheQuietTimeLeavesTheMachineToTheSetUpWhileItThinks() throws Exception {
        try (ReplayServer model = ReplayServer.start(new OpenAiScript().answerAfter(1500, "Hello.").transcript(), 0,
                threads, line -> { })) {
            PendingModelClient client = client(model, Duration.ofMillis(100));
            List<Boolean> idleAtText = new CopyOnWriteArrayList<>();
            long start = System.nanoTime();
            var call = client.stream(request(), event -> {
                if (event instanceof ModelEvent.TextDelta) {
                    idleAtText.add(client.idleForSetUp().isDone());
                }
            });
            client.idleForSetUp().get(30, TimeUnit.SECONDS);
            long idleAfterMillis = (System.nanoTime() - start) / 1_000_000;
            call.outcome().get(30, TimeUnit.SECONDS);

            assertTrue(idleAfterMillis >= 100 && idleAfterMillis < 1500,
                    "idle after the quiet time, before the model's first event: " + idleAfterMillis + " ms");
            assertEquals(List.of(true), idleAtText);
        }
    }

    private PendingModelClient client(ReplayServer model, Duration quiet) throws Exception {
        return client(model, quiet, timers);
    }

    private PendingModelClient client(ReplayServer model, Duration quiet, ScheduledExecutorService timers)
            throws Exception {
        RunOptions options = RunOptions.parse(new String[] {"--workspace", ".", "--prompt", "p", "--base-url",
                model.baseUrl() + "/v1", "--model", "m"});
        return new PendingModelClient(CompletableFuture.completedFuture(
                StreamingModelClient.forProduct(options.settings().llm(), threads)), quiet, timers);
    }

    private static ModelRequest request() {
        return ModelRequest.of(List.of(new ModelMessage.User("Say hello")), List.of());
    }
}
