package dev.agentls.cli;

import dev.agentls.llm.ModelCall;
import dev.agentls.llm.ModelClient;
import dev.agentls.llm.ModelEvent;
import dev.agentls.llm.ModelListener;
import dev.agentls.llm.ModelRequest;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A model client still being built on another thread: the first call waits for it, later ones go straight to it.
 * {@code agentls run} builds its client (the process's first Jackson mapper, okhttp) beside the rest of its set-up and
 * the run's prompt, so only the first request waits, and only for what is left of it. A client that could not be
 * built fails that call by throwing what its construction threw.
 *
 * <p>It also says when the machine is free for the set-up the first request does not need ({@link #idleForSetUp}): the
 * workspace then starts the file index and the repo map. That is the first of:
 * <ul>
 *   <li>the first answer begins a tool call: the tools will search the index, so it gets the time the call's
 *       arguments take to stream;</li>
 *   <li>the first call could not be made;</li>
 *   <li>a retry notice: the client waits out a back-off;</li>
 *   <li>the model has sent nothing for the quiet time since the call was made: a real model's wait for its first
 *       token (0.3-3 s) leaves the cores idle, the best time for that work.</li>
 * </ul>
 * Not at the answer's first text: the run thread is then decoding it and stating the run's mode ({@code run_started}),
 * and a model that answers at once (a local one, the replay model) would find the set-up's threads and their JIT work
 * on the same two cores (measured: BENCHMARKS.md, session 7, branch h36). Nor at the end of a first answer that began
 * no tool call: that answer ends the run ({@code agentls run} makes one run per workspace), so the index and the map
 * would only compete with the run stating and printing it (BENCHMARKS.md, session 8).
 */
final class PendingModelClient implements ModelClient {

    private final CompletableFuture<? extends ModelClient> client;
    private final Duration quiet;
    private final ScheduledExecutorService timers;
    private final CompletableFuture<Void> idleForSetUp = new CompletableFuture<>();

    /**
     * @param quiet  how long a first call may go without any event before its wait counts as idle
     * @param timers where that wait is timed
     */
    PendingModelClient(CompletableFuture<? extends ModelClient> client, Duration quiet,
                       ScheduledExecutorService timers) {
        this.client = client;
        this.quiet = quiet;
        this.timers = timers;
    }

    /**
     * Completes once the first call began a tool call, could not be made, retried, or sent nothing for the quiet
     * time after it was made.
     */
    CompletableFuture<Void> idleForSetUp() {
        return idleForSetUp;
    }

    @Override
    public ModelCall stream(ModelRequest request, ModelListener listener) {
        if (idleForSetUp.isDone()) {
            return built().stream(request, listener);
        }
        ModelCall call;
        try {
            ModelClient built = built();
            // Timed from here, once the client is built: the request goes out now. Any event ends the silence.
            ScheduledFuture<?> silence = timers.schedule(() -> idleForSetUp.complete(null), quiet.toMillis(),
                    TimeUnit.MILLISECONDS);
            idleForSetUp.whenComplete((done, failed) -> silence.cancel(false));
            call = built.stream(request, event -> {
                silence.cancel(false);
                if (event instanceof ModelEvent.ToolCallStarted || event instanceof ModelEvent.Retrying) {
                    idleForSetUp.complete(null); // before the event goes on: scheduling only, and the tools need it
                }
                listener.onEvent(event);
            });
        } catch (RuntimeException | Error e) {
            idleForSetUp.complete(null);
            throw e;
        }
        return call;
    }

    /** Closes the client once it is built (at once when it already is); one that could not be built has nothing. */
    @Override
    public void close() {
        client.thenAccept(ModelClient::close);
    }

    private ModelClient built() {
        try {
            return client.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
