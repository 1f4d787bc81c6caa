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
 *
 * <p>It also says when the first call has been answered ({@link #firstAnswer}): at the first event the model sent for
 * it (text, a tool call, a retry notice), or at its end if none came, or when it could not be made. The workspace
 * starts the set-up that no first request needs (the file index, the repo map) only then, so on a machine of two
 * cores that work does not compete with building, sending and reading the first request.
 */
final class PendingModelClient implements ModelClient {

    private final CompletableFuture<? extends ModelClient> client;
    private final CompletableFuture<Void> firstAnswer = new CompletableFuture<>();

    PendingModelClient(CompletableFuture<? extends ModelClient> client) {
        this.client = client;
    }

    /** Completes once the first call has had an answer's first event, has ended, or could not be made. */
    CompletableFuture<Void> firstAnswer() {
        return firstAnswer;
    }

    @Override
    public ModelCall stream(ModelRequest request, ModelListener listener) {
        if (firstAnswer.isDone()) {
            return built().stream(request, listener);
        }
        ModelCall call;
        try {
            call = built().stream(request, event -> {
                listener.onEvent(event);
                firstAnswer.complete(null);
            });
        } catch (RuntimeException | Error e) {
            firstAnswer.complete(null);
            throw e;
        }
        call.outcome().whenComplete((outcome, failure) -> firstAnswer.complete(null));
        return call;
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
