package dev.agentls.host;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The one way a run reaches whoever is watching it: an editor over LSP, or a terminal. Every method returns at once;
 * the answer arrives on the future, so a caller on a protocol thread never blocks. Implemented by {@code lsp}
 * (workspace/applyEdit, window/showMessageRequest, $/progress) and by {@code cli} (atomic writes, stdin prompts).
 *
 * <p>A question ({@link #confirm}, {@link #ask}) is withdrawn by its asker through the future it got: completing it
 * with {@link QuestionWithdrawn} (or cancelling it) tells the host the answer is no longer wanted, and the host takes
 * the question back from the user, saying why, and lets no later answer count.
 */
public interface Host {

    /** Applies one change to one file. A refusal is a normal outcome, never an exception on the future. */
    CompletableFuture<ChangeOutcome> applyChange(FileChange change);

    /**
     * Applies several changes as one: an editor receives them in one edit it applies whole, a terminal writes them
     * only after all are known to fit and undoes the written ones if a later write fails. This default, for hosts
     * that cannot do better, applies them in order and stops at the first refusal (earlier ones stay applied).
     */
    default CompletableFuture<ChangeOutcome> applyChanges(List<FileChange> changes) {
        CompletableFuture<ChangeOutcome> outcome = CompletableFuture.completedFuture(new ChangeOutcome.Applied());
        for (FileChange change : changes) {
            outcome = outcome.thenCompose(previous -> previous instanceof ChangeOutcome.Applied
                    ? applyChange(change) : CompletableFuture.completedFuture(previous));
        }
        return outcome;
    }

    /** Asks the user to approve something; completes with false when the user declines or cannot be asked. */
    CompletableFuture<Boolean> confirm(String title, String detail);

    /**
     * Asks the user to approve something, offering the question's scopes; a denial may carry the user's reason. This
     * default, for hosts that can only ask yes or no, asks {@link #confirm} and answers once or denied. A run asks
     * through its approval policy, which applies the scope; a withdrawal of the returned future reaches the question.
     */
    default CompletableFuture<ApprovalAnswer> approve(ApprovalQuestion question) {
        CompletableFuture<Boolean> asked = confirm(question.title(), question.detail());
        return QuestionWithdrawn.passedOn(asked.thenApply(yes -> Boolean.TRUE.equals(yes)
                ? new ApprovalAnswer.Allowed(ApprovalScope.ONCE) : ApprovalAnswer.Denied.WITHOUT_REASON), asked);
    }

    /** Asks the user a question; empty when the user dismissed it or cannot be asked. */
    CompletableFuture<Optional<String>> ask(String question, List<String> options);

    /**
     * What the user should know, in an approval of a command, about the changes the command would not see as they
     * are: files this host will save first, or files holding edits not on disk. Empty when the disk holds them all.
     */
    default String beforeCommandNotice() {
        return "";
    }

    /**
     * Brings the disk up to the changes made through this host, just before a command runs, so the command sees what
     * the model sees; completes with what the model should know of it (files saved, files still unsaved and why), or
     * empty when there was nothing to do. Never fails and never waits unboundedly.
     */
    default CompletableFuture<String> beforeCommand() {
        return CompletableFuture.completedFuture("");
    }

    /**
     * The watcher's terminal, when commands should run there so the user watches them; empty (the default): the
     * agent runs them itself.
     */
    default Optional<CommandTerminal> terminal() {
        return Optional.empty();
    }

    /** Reports progress of long work; never fails. */
    void progress(String message);
}
