package dev.agentls.cli;

import dev.agentls.acp.AcpWorkspaces;
import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.AgentListener;
import dev.agentls.agent.RunHandle;
import dev.agentls.agent.RunRequest;
import dev.agentls.conversation.Conversations;
import dev.agentls.host.Host;
import dev.agentls.session.ApprovalPolicy;
import dev.agentls.session.RunDoor;
import dev.agentls.session.RunNotes;
import dev.agentls.session.Runs;
import java.io.PrintStream;

/**
 * The ACP door's side of the run core: each prompt of a session is a run of {@link Runs}, so it is numbered after the
 * workspace's transcripts, written to {@code .agentls/runs/<id>.md} and {@code .diff}, refused while its conversation
 * has a run under way, and asks for approvals through the client under the workspace's {@link ApprovalPolicy}
 * (commands always allowed in {@code .agentls/settings.json} are not asked about).
 */
final class AcpRuns implements AcpWorkspaces.AgentRuns {

    private final Runs runs;
    private final Host client;
    private final Conversations conversations;
    private final PrintStream err;

    /** @param client the host that lands changes and asks through the ACP client (its permission requests) */
    AcpRuns(Runs runs, Host client, Conversations conversations, PrintStream err) {
        this.runs = runs;
        this.client = client;
        this.conversations = conversations;
        this.err = err;
    }

    @Override
    public RunHandle run(RunRequest request, AgentListener listener) {
        RunDoor door = (runId, asked) -> new RunDoor.Run() {
            @Override
            public Host host(RunNotes notes, RunNotes transcript) {
                // Nothing here says --approve: the client's panel is asked unless the policy already decided.
                return new ApprovingHost(client, RunOptions.Approvals.ASK, runs.approvals(), runId, notes);
            }

            @Override
            public void onEvent(AgentEvent event) {
                listener.onEvent(event);
            }

            @Override
            public void warn(String problem) {
                err.println("agentls acp: warning: " + problem);
            }
        };
        return runs.start(request, door, outcome -> { }).handle();
    }

    @Override
    public java.util.List<AgentEvent.ContextPruned> compact(String conversationId) {
        return runs.compact(conversationId, client).stream()
                .filter(AgentEvent.ContextPruned.class::isInstance).map(AgentEvent.ContextPruned.class::cast).toList();
    }

    @Override
    public Conversations conversations() {
        return conversations;
    }
}
