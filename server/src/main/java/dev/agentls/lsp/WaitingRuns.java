package dev.agentls.lsp;

import dev.agentls.host.QuestionWithdrawn;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The runs waiting for the user's answer through a command ({@code agentls.approve}, {@code agentls.deny},
 * {@code agentls.answer}): at most one approval or question per run, since a run asks one thing at a time. Nothing
 * here times out: a run waits until the user answers or the run is cancelled.
 */
final class WaitingRuns {

    /**
     * What a run waits for: a command's approval, an answer to its question, or the approval of its plan (a question
     * whose options are Approve and Reject, answered by {@code agentls.approve} / {@code agentls.deny} too, or by
     * {@code agentls.answer} with the changes the user wants).
     */
    enum Kind { APPROVAL, QUESTION, PLAN }

    /** One wait: what it is, what is asked, and the future the answer completes. */
    record Waiting(Kind kind, String asked, CompletableFuture<String> answer) {}

    private final Map<String, Waiting> byRun = new ConcurrentHashMap<>();

    /** Registers the run's wait; the future completes with the user's answer. A previous wait of the run is ended. */
    CompletableFuture<String> await(String runId, Kind kind, String asked) {
        Waiting waiting = new Waiting(kind, asked, new CompletableFuture<>());
        Waiting previous = byRun.put(runId, waiting);
        if (previous != null) {
            previous.answer().completeExceptionally(new QuestionWithdrawn("it asked something else"));
        }
        waiting.answer().whenComplete((value, error) -> byRun.remove(runId, waiting));
        return waiting.answer();
    }

    Optional<Waiting> find(String runId) {
        return Optional.ofNullable(byRun.get(runId));
    }

    /** Answers the run's wait; false when it waits for nothing (or already got its answer). */
    boolean answer(String runId, String answer) {
        Waiting waiting = byRun.get(runId);
        return waiting != null && waiting.answer().complete(answer);
    }

    /**
     * Withdraws the run's wait, if any, unanswered: its future completes with {@link QuestionWithdrawn} saying
     * {@code reason}, and a later answer finds nothing to answer.
     */
    void withdraw(String runId, String reason) {
        Waiting waiting = byRun.remove(runId);
        if (waiting != null) {
            waiting.answer().completeExceptionally(new QuestionWithdrawn(reason));
        }
    }
}
