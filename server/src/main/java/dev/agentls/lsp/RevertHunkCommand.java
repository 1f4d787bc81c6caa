package dev.agentls.lsp;

import com.google.gson.JsonObject;
import dev.agentls.host.FileChange;
import dev.agentls.lsp.review.ReviewBook;
import dev.agentls.lsp.review.ReviewView;
import dev.agentls.lsp.review.Reversal;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.Snapshot;
import dev.agentls.workspace.WorkspaceException;
import dev.agentls.workspace.WorkspaceRoots;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.revertHunk} {hunkId}: puts back the lines a run replaced in that hunk, and only there, as one
 * versioned {@code workspace/applyEdit} on the document as it is now. Refused, touching nothing, when the hunk no
 * longer reads as the run left it (the user changed it since: the answer says so). Answers
 * {@code {hunkId, applied, confirmed?, reason?, note?}}; an unknown hunk is InvalidParams naming it.
 */
final class RevertHunkCommand implements CommandHandler {

    static final String ID = ReviewView.REVERT_HUNK;

    private final ReviewBook review;
    private final WorkspaceRoots roots;
    private final DocumentStore documents;
    private final LspHost host;

    RevertHunkCommand(ReviewBook review, WorkspaceRoots roots, DocumentStore documents, LspHost host) {
        this.review = review;
        this.roots = roots;
        this.documents = documents;
        this.host = host;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String hunkId = arguments.requireString("hunkId");
        String uri = review.hunk(hunkId).map(h -> h.uri())
                .orElseThrow(() -> CommandFailure.invalidParams(KeepHunkCommand.unknown(ID, hunkId)));
        ResolvedPath path;
        Snapshot now;
        try {
            path = roots.resolve(uri);
            now = documents.snapshot(path);
        } catch (WorkspaceException e) {
            return CommandFailure.failed(CommandFailure.requestFailed(ID + ": hunk " + hunkId + ": "
                    + e.getMessage()));
        }
        Reversal reversal = review.revert(hunkId, now.text());
        if (reversal instanceof Reversal.Unknown) {
            throw CommandFailure.invalidParams(KeepHunkCommand.unknown(ID, hunkId));
        }
        if (reversal instanceof Reversal.Changed changed) {
            return CompletableFuture.completedFuture(answer(hunkId, false, null, changed.reason() + " in "
                    + path.display(), null));
        }
        Reversal.Ready ready = (Reversal.Ready) reversal;
        return host.send(java.util.List.of(new FileChange.Modify(path.absolute(), now.version(), now.text(),
                ready.text()))).thenApply(answer -> {
                    if (answer instanceof EditorAnswer.Applied applied) {
                        review.settle(hunkId);
                        return answer(hunkId, true, applied.confirmed(), null, applied.answerNote());
                    }
                    String reason = answer instanceof EditorAnswer.NotApplied notApplied ? notApplied.reason()
                            : ((EditorAnswer.ForTheEditor) answer).reason();
                    return answer(hunkId, false, null, reason, null);
                });
    }

    private static JsonObject answer(String hunkId, boolean applied, Boolean confirmed, String reason, String note) {
        JsonObject answer = new JsonObject();
        answer.addProperty("hunkId", hunkId);
        answer.addProperty("applied", applied);
        if (confirmed != null) {
            answer.addProperty("confirmed", confirmed);
        }
        if (reason != null) {
            answer.addProperty("reason", reason);
        }
        if (note != null) {
            answer.addProperty("note", note);
        }
        return answer;
    }
}
