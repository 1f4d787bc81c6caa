package dev.agentls.lsp;

import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.lazy.LazyMerger;
import dev.agentls.host.EditPlanner;
import dev.agentls.host.LazyEditPlanner;
import java.util.List;

/**
 * The table of {@code agentls.*} commands a session offers. Adding a command is one line here: a handler built from
 * the session's collaborators.
 */
final class StandardCommands {

    private StandardCommands() {}

    /**
     * The ids of {@link #of}'s table, in its order: the {@link InitializeFront} advertises them before any table is
     * built ({@code InitializeFrontTest} holds its answer equal to the table's, byte for byte).
     */
    static final List<String> IDS = List.of("agentls.applyEdits", "agentls.applyLazyEdit", "agentls.runTool",
            "agentls.checkpoints", "agentls.rollback", "agentls.run", "agentls.runLines", "agentls.cancel",
            "agentls.steer", "agentls.approve", "agentls.deny", "agentls.answer", "agentls.conversations",
            "agentls.mcp", "agentls.compact", "agentls.keepHunk", "agentls.revertHunk", "agentls.revertRun");

    static CommandTable of(SessionParts parts) {
        EditPlanner planner = new EditPlanner(parts.roots(), parts.documents(), new SearchReplaceEngine());
        LazyEditPlanner lazyPlanner = new LazyEditPlanner(parts.roots(), parts.documents(), new LazyMerger());
        DeniedTargets denied = new DeniedTargets(parts.roots(), parts.policy());
        PlannedEditLanding landing = new PlannedEditLanding(parts.checkpoints(), parts.host());
        RunRequests requests = new RunRequests(parts.roots(), parts.documents());
        RollbackCommand rollback = new RollbackCommand(parts.checkpoints(), parts.documents(), parts.host());
        return new CommandTable(List.of(
                new ApplyEditsCommand(planner, denied, landing),
                new ApplyLazyEditCommand(lazyPlanner, denied, landing),
                new RunToolCommand(parts.tools()),
                new CheckpointsCommand(parts.checkpoints()),
                rollback,
                new StartRunCommand(requests, parts.runs(), parts.done()),
                new RunLinesCommand(requests, parts.runs(), parts.done()),
                new CancelRunCommand(parts.runs()),
                new SteerRunCommand(parts.runs()),
                new ApproveCommand(parts.waiting()),
                new DenyCommand(parts.waiting()),
                new AnswerCommand(parts.waiting()),
                new ConversationsCommand(parts.runs()),
                new McpCommand(parts.runs()),
                new CompactCommand(parts.runs()),
                new KeepHunkCommand(parts.review()),
                new RevertHunkCommand(parts.review(), parts.roots(), parts.documents(), parts.host()),
                new RevertRunCommand(parts.review(), rollback)));
    }
}
