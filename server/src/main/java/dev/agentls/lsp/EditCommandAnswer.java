package dev.agentls.lsp;

import java.util.List;
import org.eclipse.lsp4j.WorkspaceEdit;

/**
 * The answer of {@code agentls.applyEdits} and {@code agentls.applyLazyEdit} as the editor receives it.
 * {@code applied}: the editor applied the edit; then {@code confirmed} says whether its buffer reports showed it,
 * {@code note} where it was carried over past the user's typing (if it was) and why it is not confirmed (if it is
 * not), and {@code checkpointId} the checkpoint {@code agentls.rollback} takes it back to. Not
 * applied: {@code reason} says why; an editor that takes no edits from a server gets the {@code edit} to apply itself
 * (and the checkpoint taken before it). Members that do not apply are left out.
 */
record EditCommandAnswer(boolean applied, Boolean confirmed, List<Block> blocks, String reason, String note,
                         String checkpointId, WorkspaceEdit edit) {

    /** One block's report: its file, number, the matching stage that found it, and the lines it replaced. */
    record Block(String file, int index, String strategy, int startLine, int endLine) {}
}
