package dev.agentls.mcp;

import dev.agentls.tools.Cancellation;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A bounded wait a run's cancel ends at once: what a run waits for while it gathers MCP tools. */
final class Cancellable {

    private Cancellable() {}

    /**
     * Waits for {@code future} up to {@code bound}; throws {@link CancellationException} as soon as
     * {@code cancellation} is cancelled (before or during the wait), leaving {@code future} itself as it is.
     */
    static <T> T await(CompletableFuture<T> future, Duration bound, Cancellation cancellation)
            throws ExecutionException, TimeoutException, InterruptedException {
        CompletableFuture<T> waited = new CompletableFuture<>();
        future.whenComplete((value, error) -> {
            if (error != null) {
                waited.completeExceptionally(error);
            } else {
                waited.complete(value);
            }
        });
        Runnable abandon = () -> waited.cancel(false);
        cancellation.onCancel(abandon);
        try {
            return waited.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } finally {
            cancellation.remove(abandon);
        }
    }
}
