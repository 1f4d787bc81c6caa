package dev.agentls.agent;

import java.util.concurrent.CompletableFuture;

/** A run under way: how its owner stops it, steers it or awaits its end. Safe from any thread. */
public interface RunHandle {

    String runId();

    String conversationId();

    /**
     * Stops the run at whatever point it is: a model call's connection is closed, a running command is stopped with
     * every process it started, a question or approval waiting for the user is withdrawn from the host (which takes it
     * back from the editor or terminal, saying so); a file change already handed to the host finishes (none is left
     * half-applied). The run ends {@code cancelled}. Idempotent.
     */
    void cancel();

    /**
     * Adds a user message to the run; it reaches the model as a user turn at the next tool boundary (after the
     * running tool calls, before the next model call). Ignored once the run has ended; returns whether it was taken.
     */
    boolean steer(String message);

    /** Completes once, after the {@code run_finished} event; never completes exceptionally. */
    CompletableFuture<RunOutcome> outcome();
}
