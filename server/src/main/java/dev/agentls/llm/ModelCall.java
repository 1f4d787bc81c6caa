package dev.agentls.llm;

import java.util.concurrent.CompletableFuture;

/** A call under way. Its events go to the listener given to {@link ModelClient#stream}; this is how to stop or await it. */
public interface ModelCall {

    /**
     * Stops the call at once: the HTTP connection is closed, no event is delivered after this returns (an event whose
     * delivery already began on the call's thread finishes), and the outcome becomes {@link ModelFailure.Cancelled}
     * unless the call had already ended. Idempotent; safe from any thread, including the listener.
     */
    void cancel();

    /** Completes once, when the call ends for any reason; never completes exceptionally. */
    CompletableFuture<ModelOutcome> outcome();
}
