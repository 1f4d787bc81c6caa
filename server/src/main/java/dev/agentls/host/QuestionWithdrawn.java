package dev.agentls.host;

import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * A question (or approval) that the one who asked no longer waits for: its run was cancelled or ended. The asker
 * completes the future {@link Host#confirm} or {@link Host#ask} returned with it (a plain cancel means the same,
 * without a reason); the host then takes the question back from the user (closes the editor's request, tells the
 * terminal) and takes no later answer for it. A {@link CancellationException}, so {@code isCancelled()} holds.
 */
public final class QuestionWithdrawn extends CancellationException {

    private static final long serialVersionUID = 1L;

    /** What a host says when the question was taken back without a reason (a plain cancel). */
    public static final String NO_REASON = "the run no longer waits for it";

    private final String reason;

    /** @param reason why, as the user reads it after "withdrawn: " ({@code "the run was cancelled"}) */
    public QuestionWithdrawn(String reason) {
        super("question withdrawn: " + Objects.requireNonNull(reason, "reason"));
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }

    /** Why {@code error} (as a future's {@code whenComplete} gets it) withdraws a question; null when it does not. */
    public static String reasonOf(Throwable error) {
        Throwable cause = error;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof QuestionWithdrawn withdrawn) {
            return withdrawn.reason();
        }
        return cause instanceof CancellationException ? NO_REASON : null;
    }

    /** Calls {@code withdraw} with the reason once {@code asked} ends withdrawn (not when it is answered). */
    public static void onWithdrawal(CompletableFuture<?> asked, Consumer<String> withdraw) {
        asked.whenComplete((value, error) -> {
            String reason = error == null ? null : reasonOf(error);
            if (reason != null) {
                withdraw.accept(reason);
            }
        });
    }

    /**
     * Passes a withdrawal of {@code outer} (a future a host made from {@code inner}, e.g. with {@code thenApply}) on
     * to {@code inner}, which a dependent future's completion never reaches by itself. Returns {@code outer}.
     */
    public static <T> CompletableFuture<T> passedOn(CompletableFuture<T> outer, CompletableFuture<?> inner) {
        onWithdrawal(outer, reason -> inner.completeExceptionally(new QuestionWithdrawn(reason)));
        return outer;
    }
}
