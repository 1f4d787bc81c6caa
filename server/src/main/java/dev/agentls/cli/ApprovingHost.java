package dev.agentls.cli;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.CommandTerminal;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.host.QuestionWithdrawn;
import dev.agentls.session.ApprovalPolicy;
import dev.agentls.session.RunNotes;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The terminal host under {@code agentls run --approve}: {@code ask} passes approvals and questions to the terminal;
 * {@code deny} declines every approval, answers a plan's approval question with its rejecting option and dismisses
 * every other question without reading the terminal, so a CI job never waits; {@code all} approves every command and
 * answers a plan's approval question with its approving option, while other questions still go to the terminal.
 * File changes always go to the terminal host. Approvals follow the workspace's {@link ApprovalPolicy} (its commands
 * always allowed and allowed for the run included); a yes at the terminal allows once.
 */
final class ApprovingHost implements Host {

    /** The option a run offers to approve a plan (the agent asks with the options Approve and Reject). */
    static final String APPROVE_OPTION = "Approve";
    /** The option a run offers to reject a plan. */
    static final String REJECT_OPTION = "Reject";

    private final Host terminal;
    private final RunOptions.Approvals approvals;
    private final ApprovalPolicy policy;
    private final String runId;
    private final RunNotes notes;

    /** A host outside any run's policy: nothing is always allowed (a workspace's list is read by the other). */
    ApprovingHost(Host terminal, RunOptions.Approvals approvals) {
        this(terminal, approvals, ApprovalPolicy.withoutList(mode(approvals)), "", text -> { });
    }

    /** The host of run {@code runId} under the workspace's policy; {@code notes} hears what the policy did. */
    ApprovingHost(Host terminal, RunOptions.Approvals approvals, ApprovalPolicy policy, String runId,
                  RunNotes notes) {
        this.terminal = terminal;
        this.approvals = approvals;
        this.policy = policy;
        this.runId = runId;
        this.notes = notes;
    }

    static ApprovalPolicy.Mode mode(RunOptions.Approvals approvals) {
        return switch (approvals) {
            case ASK -> ApprovalPolicy.Mode.ASK;
            case DENY -> ApprovalPolicy.Mode.DENY_ALL;
            case ALL -> ApprovalPolicy.Mode.ALLOW_ALL;
        };
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
        String command = detail.isBlank() ? title : detail.lines().findFirst().orElse(title);
        Optional<Boolean> decided = policy.decided(runId, command, detail, notes);
        if (decided.isPresent()) {
            return CompletableFuture.completedFuture(decided.get());
        }
        CompletableFuture<Boolean> asked = terminal.confirm(title, detail);
        // A withdrawal of the run's future must reach the terminal's question.
        return QuestionWithdrawn.passedOn(asked.thenApply(yes -> policy.decide(runId, command,
                yes ? ApprovalPolicy.ONCE : ApprovalPolicy.DENIED, notes)), asked);
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
    public String beforeCommandNotice() {
        return terminal.beforeCommandNotice();
    }

    @Override
    public CompletableFuture<String> beforeCommand() {
        return terminal.beforeCommand();
    }

    @Override
    public Optional<CommandTerminal> terminal() {
        return terminal.terminal();
    }

    @Override
    public void progress(String message) {
        terminal.progress(message);
    }
}
