package dev.agentls.cli;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The terminal host under {@code agentls run --approve}: {@code ask} passes approvals and questions to the terminal;
 * {@code deny} declines every approval, answers a plan's approval question with its rejecting option and dismisses
 * every other question without reading the terminal, so a CI job never waits; {@code all} approves every command and
 * answers a plan's approval question with its approving option, while other questions still go to the terminal.
 * File changes always go to the terminal host.
 */
final class ApprovingHost implements Host {

    /** The option a run offers to approve a plan (the agent asks with the options Approve and Reject). */
    static final String APPROVE_OPTION = "Approve";
    /** The option a run offers to reject a plan. */
    static final String REJECT_OPTION = "Reject";

    private final Host terminal;
    private final RunOptions.Approvals approvals;

    ApprovingHost(Host terminal, RunOptions.Approvals approvals) {
        this.terminal = terminal;
        this.approvals = approvals;
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
        return terminal.applyChange(change);
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChanges(List<FileChange> changes) {
        return terminal.applyChanges(changes);
    }

    @Override
    public CompletableFuture<Boolean> confirm(String title, String detail) {
        return switch (approvals) {
            case ASK -> terminal.confirm(title, detail);
            case DENY -> CompletableFuture.completedFuture(false);
            case ALL -> CompletableFuture.completedFuture(true);
        };
    }

    @Override
    public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
        if (approvals == RunOptions.Approvals.DENY) {
            return CompletableFuture.completedFuture(options.contains(REJECT_OPTION) ? Optional.of(REJECT_OPTION)
                    : Optional.empty());
        }
        if (approvals == RunOptions.Approvals.ALL && options.contains(APPROVE_OPTION)) {
            return CompletableFuture.completedFuture(Optional.of(APPROVE_OPTION));
        }
        return terminal.ask(question, options);
    }

    @Override
    public void progress(String message) {
        terminal.progress(message);
    }
}
