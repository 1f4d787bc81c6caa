package dev.agentls.lsp;

import dev.agentls.host.CheckpointedChanges;
import dev.agentls.host.EditPlan;
import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.WorkspaceException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What the no-model edit commands do with a ready plan, exactly as the agent's tools do with theirs: a checkpoint of
 * every file it touches first (so {@code agentls.rollback} takes the edit back), then one edit through the editor,
 * then the change log once it was applied. A checkpoint that cannot be made stops the edit before anything is sent.
 */
final class EditPlanApplier {

    private final CheckpointStore checkpoints;
    private final LspHost host;

    EditPlanApplier(CheckpointStore checkpoints, LspHost host) {
        this.checkpoints = checkpoints;
        this.host = host;
    }

    CompletableFuture<Object> apply(String command, EditPlan.Ready plan, String conversationId) {
        List<EditCommandAnswer.Block> blocks = new ArrayList<>();
        List<ResolvedPath> paths = new ArrayList<>();
        for (EditPlan.PlannedFile file : plan.files()) {
            paths.add(file.path());
            for (EditPlan.BlockReport block : file.blocks()) {
                blocks.add(new EditCommandAnswer.Block(file.path().display(), block.index(), block.strategy(),
                        block.startLine(), block.endLine()));
            }
        }
        CheckpointedChanges checkpoint;
        try {
            checkpoint = CheckpointedChanges.before(checkpoints, conversationId, command + " "
                    + String.join(", ", paths.stream().map(ResolvedPath::display).toList()), paths);
        } catch (WorkspaceException e) {
            return CommandFailure.failed(CommandFailure.requestFailed(command + ": could not record a checkpoint"
                    + " before changing " + paths.get(0).display() + ", so nothing was changed: " + e.getMessage()));
        }
        return host.send(plan.changes()).thenApply(answer -> {
            if (answer instanceof EditorAnswer.Applied applied) {
                checkpoint.applied(plan.changes());
                return new EditCommandAnswer(true, applied.confirmed(), blocks, null, applied.answerNote(),
                        checkpoint.id(), null);
            }
            if (answer instanceof EditorAnswer.ForTheEditor forTheEditor) {
                return new EditCommandAnswer(false, null, blocks, forTheEditor.reason(), null, checkpoint.id(),
                        forTheEditor.edit());
            }
            return new EditCommandAnswer(false, null, blocks, ((EditorAnswer.NotApplied) answer).reason(), null,
                    null, null);
        });
    }
}
