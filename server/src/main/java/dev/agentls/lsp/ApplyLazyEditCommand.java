package dev.agentls.lsp;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.EditPlan;
import dev.agentls.host.Host;
import dev.agentls.host.LazyEditPlanner;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.applyLazyEdit} {uri, codeEdit}: a lazy edit ({@code // ... existing code ...} standing for kept
 * code) merged with no model into the open buffer (or disk) by the {@link LazyEditPlanner}, then applied exactly as
 * {@code agentls.applyEdits} applies SEARCH/REPLACE: a refusal is a JSON-RPC error carrying its facts; a merge goes
 * to the editor as one {@code workspace/applyEdit}; the answer is {applied, blocks} (one {@code lazy} block per
 * changed region), with the editor's reason when it refused. Planned on the reader thread for the same reason as
 * {@link ApplyEditsCommand}: it only reads and computes, and the buffer cannot change under it.
 */
final class ApplyLazyEditCommand implements CommandHandler {

    static final String ID = "agentls.applyLazyEdit";

    private final LazyEditPlanner planner;
    private final Host host;

    ApplyLazyEditCommand(LazyEditPlanner planner, Host host) {
        this.planner = planner;
        this.host = host;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String uri = arguments.requireString("uri");
        String codeEdit = arguments.requireString("codeEdit");
        EditPlan plan = planner.plan(uri, codeEdit);
        if (plan instanceof EditPlan.Refused refused) {
            return CommandFailure.failed(CommandFailure.requestFailed(refused.message()));
        }
        EditPlan.Ready ready = (EditPlan.Ready) plan;
        List<ApplyEditsCommand.Block> blocks = new ArrayList<>();
        for (EditPlan.PlannedFile file : ready.files()) {
            for (EditPlan.BlockReport block : file.blocks()) {
                blocks.add(new ApplyEditsCommand.Block(file.path().display(), block.index(), block.strategy(),
                        block.startLine(), block.endLine()));
            }
        }
        return host.applyChanges(ready.changes()).thenApply(outcome -> outcome instanceof ChangeOutcome.Refused r
                ? new ApplyEditsCommand.Result(false, blocks, r.reason())
                : new ApplyEditsCommand.Result(true, blocks, null));
    }
}
