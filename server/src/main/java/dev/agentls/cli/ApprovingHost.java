package dev.agentls.cli;

import dev.agentls.host.DelegatingHost;
import dev.agentls.host.Host;
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
 * always allowed and allowed for the run included); at the terminal y allows once, r for the run, a always (the
 * workspace's always-allow list) and n denies, its optional reason passed to the model.
 */
final class ApprovingHost extends DelegatingHost {

    /** The option a run offers to approve a plan (the agent asks with the options Approve and Reject). */
    static final String APPROVE_OPTION = "Approve";
    /** The option a run offers to reject a plan. */
    static final String REJECT_OPTION = "Reject";

    private final RunOptions.Approvals approvals;
    private final ApprovalPolicy policy;
    private final String runId;
    private final RunNotes notes;
    private final java.util.function.Consumer<String> toModel;

    /** A host outside any run's policy: nothing is always allowed (a workspace's list is read by the other). */
    ApprovingHost(Host terminal, RunOptions.Approvals approvals) {
        this(terminal, approvals, ApprovalPolicy.withoutList(mode(approvals)), "", text -> { }, reason -> { });
    }

    /** The host of run {@code runId} under the workspace's policy; {@code notes} hears what the policy did. */
    ApprovingHost(Host terminal, RunOptions.Approvals approvals, ApprovalPolicy policy, String runId,
                  RunNotes notes) {
        this(terminal, approvals, policy, runId, notes, reason -> { });
    }

    /** @param toModel where a denial's reason goes: a message the model reads before its next call */
    ApprovingHost(Host terminal, RunOptions.Approvals approvals, ApprovalPolicy policy, String runId,
                  RunNotes notes, java.util.function.Consumer<String> toModel) {
        super(terminal);
        this.toModel = toModel;
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
    public CompletableFuture<Boolean> confirm(String title, String detail) {
        return policy.approve(delegate, runId, title, detail, notes, toModel);
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
        return delegate.ask(question, options);
    }

}
