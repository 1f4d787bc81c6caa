package dev.agentls.cli;

import dev.agentls.llm.ModelCall;
import dev.agentls.llm.ModelClient;
import dev.agentls.llm.ModelListener;
import dev.agentls.llm.ModelRequest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A model client still being built on another thread: the first call waits for it, later ones go straight to it.
 * {@code agentls run} builds its client (the process's first Jackson mapper, okhttp) beside the rest of its set-up and
 * the run's prompt, so only the first request waits, and only for what is left of it. A client that could not be
 * built fails that call by throwing what its construction threw.
 */
final class PendingModelClient implements ModelClient {

    private final CompletableFuture<? extends ModelClient> client;

    PendingModelClient(CompletableFuture<? extends ModelClient> client) {
        this.client = client;
    }

    @Override
    public ModelCall stream(ModelRequest request, ModelListener listener) {
        return built().stream(request, listener);
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
