package dev.agentls.agent;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.DelegatingHost;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.host.QuestionWithdrawn;
import dev.agentls.tools.Cancellation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The host as one run's tools see it: approvals and questions become {@code approval_requested} and
 * {@code question_asked} events before the real host asks, and end unanswered (declined, dismissed) when the run is
 * cancelled, so a cancel never waits on a user, the real host being told to take the question back
 * ({@link QuestionWithdrawn}); while the run is read-only (ask mode, or plan mode before approval) every change is
 * refused, whatever tool tries it; and each change applied is remembered with its added and
 * removed lines, for {@code edit_applied}.
 */
final class RunHost extends DelegatingHost {

    /** A change that was applied: the file and its line counts. */
    record AppliedChange(Path path, int added, int removed) {}

    static final String APPROVE = "Approve";
    static final String REJECT = "Reject";

    private final EventStream events;
    private final Cancellation cancellation;
    private final Supplier<Optional<String>> readOnly;
    private final List<AppliedChange> applied = new ArrayList<>();
    private volatile boolean lastQuestionDismissed;

    /** @param readOnly why changes are refused now, or empty when they are allowed */
    RunHost(Host delegate, EventStream events, Cancellation cancellation, Supplier<Optional<String>> readOnly) {
        super(delegate);
        this.events = events;
        this.cancellation = cancellation;
        this.readOnly = readOnly;
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
        return applyChanges(List.of(change));
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChanges(List<FileChange> changes) {
        Optional<String> refusal = readOnly.get();
        if (refusal.isPresent()) {
            return CompletableFuture.completedFuture(new ChangeOutcome.Refused(refusal.get()));
        }
        CompletableFuture<ChangeOutcome> outcome = changes.size() == 1 ? delegate.applyChange(changes.get(0))
                : delegate.applyChanges(changes);
        return outcome.thenApply(result -> {
            if (result instanceof ChangeOutcome.Applied) {
                synchronized (applied) {
                    changes.forEach(change -> applied.add(counted(change)));
                }
            }
            return result;
        });
    }

    @Override
    public CompletableFuture<Boolean> confirm(String title, String detail) {
        String runId = events.runId();
        events.emit(seq -> new AgentEvent.ApprovalRequested(runId, seq, title, detail));
        CompletableFuture<Boolean> answer = new CompletableFuture<>();
        CompletableFuture<Boolean> asked = delegate.confirm(title, detail);
        asked.whenComplete((approved, error) -> answer.complete(error == null && Boolean.TRUE.equals(approved)));
        withdrawOnCancel(asked, () -> answer.complete(false));
        return answer;
    }

    @Override
    public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
        String runId = events.runId();
        events.emit(seq -> new AgentEvent.QuestionAsked(runId, seq, question, options));
        CompletableFuture<Optional<String>> answer = new CompletableFuture<>();
        CompletableFuture<Optional<String>> asked = delegate.ask(question, options);
        asked.whenComplete((given, error) ->
                answerQuestion(answer, error == null && given != null ? given : Optional.empty()));
        withdrawOnCancel(asked, () -> answerQuestion(answer, Optional.empty()));
        return answer;
    }

    // The flag is set before the future completes, so the tool's continuation already sees it.
    private synchronized void answerQuestion(CompletableFuture<Optional<String>> answer, Optional<String> given) {
        if (!answer.isDone()) {
            lastQuestionDismissed = given.isEmpty();
            answer.complete(given);
        }
    }

    /** Whether the last question asked through {@link #ask} went unanswered. */
    boolean lastQuestionDismissed() {
        return lastQuestionDismissed;
    }

    /**
     * Asks the user to approve a plan: {@code approval_requested}, then the host's question with the options
     * Approve and Reject (any other answer is the user's change to the plan). Empty when dismissed or cancelled.
     */
    CompletableFuture<Optional<String>> approvePlan(String plan) {
        String runId = events.runId();
        String title = "Approve this plan?";
        events.emit(seq -> new AgentEvent.ApprovalRequested(runId, seq, title, plan));
        CompletableFuture<Optional<String>> answer = new CompletableFuture<>();
        CompletableFuture<Optional<String>> asked = delegate.ask(title + "\n" + plan, List.of(APPROVE, REJECT));
        asked.whenComplete((given, error) -> answer.complete(error == null && given != null ? given : Optional.empty()));
        withdrawOnCancel(asked, () -> answer.complete(Optional.empty()));
        return answer;
    }

    /** Why a question the run no longer waits for is withdrawn, as the user reads it. */
    static final String CANCELLED = "the run was cancelled";

    /**
     * On the run's cancel, ends the wait ({@code unanswered}) and withdraws the question from the host, so the editor
     * or terminal takes it back rather than leaving it open for an answer nobody reads. Once answered, the listener
     * is dropped: a long run asks many questions and the signal lives as long as the run.
     */
    private void withdrawOnCancel(CompletableFuture<?> asked, Runnable unanswered) {
        Runnable withdraw = () -> {
            // Withdrawn first, so the host takes the question back before the run goes on to its end.
            asked.completeExceptionally(new QuestionWithdrawn(CANCELLED));
            unanswered.run();
        };
        cancellation.onCancel(withdraw);
        asked.whenComplete((value, error) -> cancellation.remove(withdraw));
    }

    /** The changes applied since the last call, in order. */
    List<AppliedChange> drainApplied() {
        synchronized (applied) {
            List<AppliedChange> drained = List.copyOf(applied);
            applied.clear();
            return drained;
        }
    }

    private static AppliedChange counted(FileChange change) {
        var delta = change.lineDelta();
        return new AppliedChange(change.path(), delta.added(), delta.removed());
    }
}
