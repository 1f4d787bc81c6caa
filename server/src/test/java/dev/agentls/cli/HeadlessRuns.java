package dev.agentls.cli;

import dev.agentls.agent.AgentListener;
import dev.agentls.agent.RunHandle;
import dev.agentls.agent.RunRequest;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.session.AlwaysAllowed;
import dev.agentls.session.ApprovalPolicy;
import dev.agentls.session.McpWiring;
import dev.agentls.session.Runs;
import dev.agentls.session.WorkspaceAgents;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A workspace opened as {@code agentls run} opens it ({@link ProcessWiring#headless}), over a model on loopback, its
 * MCP configuration under a scratch home; its runs go through the session core behind the terminal's door, with
 * the terminal {@code prompter} and {@code approvals} given.
 */
final class HeadlessRuns implements AutoCloseable {

    private final ProcessWiring.Headless workspace;
    private final Runs runs;
    /** The door of a run, given what hears its events. */
    private final java.util.function.Function<AgentListener, TerminalDoor> door;

    private HeadlessRuns(ProcessWiring.Headless workspace, Runs runs,
                         java.util.function.Function<AgentListener, TerminalDoor> door) {
        this.workspace = workspace;
        this.runs = runs;
        this.door = door;
    }

    static HeadlessRuns open(Path root, ReplayServer model, Path home, PrintStream log) throws UsageException {
        return open(root, model, home, log, TerminalHost.Prompter.none(), RunOptions.Approvals.DENY,
                UnaryOperator.identity());
    }

    static HeadlessRuns open(Path root, ReplayServer model, Path home, PrintStream log, TerminalHost.Prompter prompter,
                             RunOptions.Approvals approvals, UnaryOperator<WorkspaceAgents> adjust)
            throws UsageException {
        return open(root, model, home, log, prompter, approvals, adjust, false);
    }

    /** As {@code agentls run} wires it: the index starts at the first answer. */
    static HeadlessRuns oneShot(Path root, ReplayServer model, Path home, PrintStream log) throws UsageException {
        return open(root, model, home, log, TerminalHost.Prompter.none(), RunOptions.Approvals.DENY,
                UnaryOperator.identity(), true);
    }

    private static HeadlessRuns open(Path root, ReplayServer model, Path home, PrintStream log,
                                     TerminalHost.Prompter prompter, RunOptions.Approvals approvals,
                                     UnaryOperator<WorkspaceAgents> adjust, boolean indexAtFirstAnswer)
            throws UsageException {
        RunOptions options = RunOptions.parse(new String[] {"--workspace", root.toString(), "--prompt", "unused",
                "--base-url", model.baseUrl() + "/v1", "--model", "m"});
        ProcessWiring.Headless workspace = ProcessWiring.headless(options.workspace(), options.settings(),
                new McpWiring(home, Map.of(), log), adjust, indexAtFirstAnswer);
        ApprovalPolicy policy = new ApprovalPolicy(ApprovingHost.mode(approvals), new AlwaysAllowed(root));
        return new HeadlessRuns(workspace, workspace.runs(options::settings, policy, root),
                listener -> new TerminalDoor("run", workspace.workspace().documents(), prompter, log, approvals,
                        policy, listener, changes -> { }, reason -> { }));
    }

    /** Starts a run through the session core; {@code listener} hears its events. */
    RunHandle run(RunRequest request, AgentListener listener) {
        return runs.start(request, door.apply(listener), outcome -> { }).handle();
    }

    ProcessWiring.Headless workspace() {
        return workspace;
    }

    @Override
    public void close() {
        workspace.close();
    }
}
