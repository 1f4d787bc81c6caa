package dev.agentls.host;

import dev.agentls.edit.BlockMatch;
import dev.agentls.edit.EditOutcome;
import dev.agentls.edit.lazy.LazyMerger;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileRefusedException;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.Snapshot;
import dev.agentls.workspace.WorkspaceException;
import dev.agentls.workspace.WorkspaceRoots;
import java.util.ArrayList;
import java.util.List;

/**
 * Resolves a lazy edit ({@code // ... existing code ...} standing for kept code) against one workspace file: the
 * path confined to the roots, the file's current text (open buffer, else disk), the merge done by {@link LazyMerger}.
 * The result is an {@link EditPlan} like a SEARCH/REPLACE answer's, so every surface reports and applies both alike.
 * Refuses a missing file (a lazy edit changes existing code; new files are written whole). It reads; it never writes.
 */
public final class LazyEditPlanner {

    private final WorkspaceRoots roots;
    private final DocumentStore documents;
    private final LazyMerger merger;

    public LazyEditPlanner(WorkspaceRoots roots, DocumentStore documents, LazyMerger merger) {
        this.roots = roots;
        this.documents = documents;
        this.merger = merger;
    }

    /** @param target the file's editor URI or workspace path */
    public EditPlan plan(String target, String codeEdit) {
        ResolvedPath path;
        Snapshot snapshot;
        try {
            path = roots.resolve(target);
            snapshot = documents.snapshot(path);
        } catch (FileRefusedException e) {
            if (e.reason() == FileRefusedException.Reason.NOT_FOUND) {
                return new EditPlan.Refused("'" + target + "' does not exist; a lazy edit changes an existing file "
                        + "(write a new file whole instead)");
            }
            return new EditPlan.Refused(e.getMessage());
        } catch (WorkspaceException e) {
            return new EditPlan.Refused(e.getMessage());
        }
        EditOutcome outcome = merger.merge(path.absolute().getFileName().toString(), snapshot.text(), codeEdit);
        if (outcome instanceof EditOutcome.Refused refused) {
            return new EditPlan.Refused(path.display() + ": " + refused.failure().message());
        }
        EditOutcome.Applied applied = (EditOutcome.Applied) outcome;
        List<EditPlan.BlockReport> reports = new ArrayList<>();
        for (BlockMatch match : applied.matches()) {
            reports.add(new EditPlan.BlockReport(match.number(), match.strategy(), match.startLine(), match.endLine()));
        }
        FileChange change = new FileChange.Modify(path.absolute(), snapshot.version(), snapshot.text(),
                applied.newText());
        return new EditPlan.Ready(List.of(new EditPlan.PlannedFile(path, change, reports)));
    }
}
