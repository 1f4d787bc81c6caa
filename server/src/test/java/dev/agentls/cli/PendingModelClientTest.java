package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentls.llm.ModelEvent;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelOutcome;
import dev.agentls.llm.ModelRequest;
import dev.agentls.llm.StreamingModelClient;
import dev.agentls.llm.replay.ReplayServer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The model client {@code agentls run} builds beside its set-up: the first call waits until it is built and then goes
 * to it (the product's client, against {@code agentls replay-model}'s server on loopback); one that could not be built
 * fails the call with what its construction threw.
 */
class PendingModelClientTest {

    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    @Test
    void theFirstCallWaitsForTheClientBeingBuiltAndThenGoesToIt() throws Exception {
        try (ReplayServer model = ReplayServer.start(new OpenAiScript().answer("Hello.").transcript(), 0, threads,
                line -> { })) {
            CompletableFuture<StreamingModelClient> building = new CompletableFuture<>();
            PendingModelClient client = new PendingModelClient(building);
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
                new IllegalArgumentException("llm.baseUrl has no host")));

        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> client.stream(
                ModelRequest.of(List.of(new ModelMessage.User("Say hello")), List.of()), event -> { }));
        assertEquals("llm.baseUrl has no host", thrown.getMessage());
    }
}
