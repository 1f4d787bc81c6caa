package dev.agentls.lsp;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.EditPlan;
import dev.agentls.host.EditPlanner;
import dev.agentls.host.Host;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.applyEdits} {uri, diff}: SEARCH/REPLACE text applied with no model. The diff is resolved against the
 * open buffer (or disk) by the {@link EditPlanner}; a refusal is a JSON-RPC error carrying its facts. A resolved edit
 * goes to the editor as one {@code workspace/applyEdit}; the answer is {applied, blocks}, with the editor's reason
 * when it refused or the buffer moved on. Nothing is ever retried.
 *
 * <p>The plan is made on LSP4J's reader thread on purpose: it only reads (bounded by the store's size limit) and
 * computes, and no {@code didChange} can slip in between reading the buffer and sending the edit with its version.
 * The wait for the editor's answer is a chained future, never a blocking call.
 */
final class ApplyEditsCommand implements CommandHandler {

    static final String ID = "agentls.applyEdits";

    private final EditPlanner planner;
    private final Host host;

    ApplyEditsCommand(EditPlanner planner, Host host) {
        this.planner = planner;
        this.host = host;
    }

    @Override
    public String id() {
        return ID;
    }

    /** One block's report as the editor receives it. */
    record Block(String file, int index, String strategy, int startLine, int endLine) {}

    /** The command's answer; {@code reason} is set only when {@code applied} is false. */
    record Result(boolean applied, List<Block> blocks, String reason) {}

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String uri = arguments.requireString("uri");
        String diff = arguments.requireString("diff");
        EditPlan plan = planner.plan(diff, Optional.of(uri));
        if (plan instanceof EditPlan.Refused refused) {
            return CommandFailure.failed(CommandFailure.requestFailed(refused.message()));
        }
        EditPlan.Ready ready = (EditPlan.Ready) plan;
        List<Block> blocks = new ArrayList<>();
        for (EditPlan.PlannedFile file : ready.files()) {
            for (EditPlan.BlockReport block : file.blocks()) {
                blocks.add(new Block(file.path().display(), block.index(), block.strategy(), block.startLine(),
                        block.endLine()));
            }
        }
        return host.applyChanges(ready.changes()).thenApply(outcome -> outcome instanceof ChangeOutcome.Refused r
                ? new Result(false, blocks, r.reason())
                : new Result(true, blocks, null));
    }
}
