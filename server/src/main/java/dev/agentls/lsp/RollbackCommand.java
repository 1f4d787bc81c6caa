package dev.agentls.lsp;

import dev.agentls.host.FileChange;
import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileRefusedException;
import dev.agentls.workspace.RestorePlan;
import dev.agentls.workspace.Snapshot;
import dev.agentls.workspace.WorkspaceException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.WorkspaceEdit;

/**
 * {@code agentls.rollback} {checkpointId}: returns every file changed since the checkpoint to its state then, as one
 * {@code workspace/applyEdit} (a file's text restored into its buffer, a deleted file re-created, a created one
 * deleted); a file whose content is not text (an image the agent deleted) is written back to disk byte for byte
 * once the editor applied the rest. Refuses, touching nothing, an unknown checkpoint.
 * The answer is {applied, confirmed, restored, reason, note, edit} as for {@code agentls.applyEdits} (an editor that
 * takes no edits from a server gets the {@code edit} to apply itself); the editor's refusal is passed on, never
 * retried.
 */
final class RollbackCommand implements CommandHandler {

    static final String ID = "agentls.rollback";
    private static final String BOM = "\uFEFF";

    private final CheckpointStore checkpoints;
    private final DocumentStore documents;
    private final LspHost host;

    RollbackCommand(CheckpointStore checkpoints, DocumentStore documents, LspHost host) {
        this.checkpoints = checkpoints;
        this.documents = documents;
        this.host = host;
    }

    record Result(boolean applied, Boolean confirmed, List<String> restored, String reason, String note,
                  WorkspaceEdit edit) {}

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String checkpointId = arguments.requireString("checkpointId");
        List<FileChange> changes = new ArrayList<>();
        List<String> restored = new ArrayList<>();
        try {
            RestorePlan plan = checkpoints.restorePlan(checkpointId);
            for (RestorePlan.Action action : plan.actions()) {
                changes.add(change(action));
                restored.add(action.display());
            }
        } catch (WorkspaceException e) {
            return CommandFailure.failed(CommandFailure.requestFailed(ID + ": " + e.getMessage()));
        }
        if (changes.isEmpty()) {
            return CompletableFuture.completedFuture(new Result(true, true, restored, null, null, null));
        }
        return host.send(changes).thenApply(answer -> {
            if (answer instanceof EditorAnswer.Applied applied) {
                return new Result(true, applied.confirmed(), restored, null, applied.answerNote(), null);
            }
            if (answer instanceof EditorAnswer.ForTheEditor forTheEditor) {
                return new Result(false, null, restored, forTheEditor.reason(), null, forTheEditor.edit());
            }
            return new Result(false, null, restored, ((EditorAnswer.NotApplied) answer).reason(), null, null);
        });
    }

    /**
     * The host change that restores one file. A re-created file's text starts with U+FEFF when it had a byte order
     * mark, so an editor saving it as UTF-8 writes the same bytes; an existing file keeps its own.
     */
    private FileChange change(RestorePlan.Action action) {
        if (action instanceof RestorePlan.Delete delete) {
            return new FileChange.Delete(delete.path());
        }
        RestorePlan.Write write = (RestorePlan.Write) action;
        Snapshot then;
        try {
            then = write.text();
        } catch (FileRefusedException e) {
            return bytesOrRethrow(write, e);
        }
        if (!write.exists()) {
            return new FileChange.Create(write.path(), (then.format().bom() ? BOM : "") + then.text());
        }
        Snapshot now;
        try {
            now = documents.snapshot(write.path());
        } catch (FileRefusedException e) {
            return bytesOrRethrow(write, e);
        }
        return new FileChange.Modify(write.path(), now.version(), now.text(), then.text());
    }

    /** Content that is not text, then or now, is put back as the exact bytes; other refusals stand. */
    private static FileChange bytesOrRethrow(RestorePlan.Write write, FileRefusedException e) {
        FileRefusedException.Reason why = e.reason();
        if (why == FileRefusedException.Reason.BINARY || why == FileRefusedException.Reason.INVALID_ENCODING) {
            return new FileChange.WriteBytes(write.path(), write.bytes());
        }
        throw e;
    }
}
