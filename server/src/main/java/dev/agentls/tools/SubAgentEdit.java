package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.host.FileChange;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.Snapshot;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code edit_file}'s second path: the deterministic merge refused, so the edit sub-agent places the edit by line
 * numbers. Its answer is validated against the file; an invalid one is sent back once with the validation error;
 * a valid one is applied bottom-up and lands through the same checkpoint and host path as every edit (the host
 * turns old and new text into minimal edits). The result says that the sub-agent placed it, and why the merge
 * could not.
 */
final class SubAgentEdit {

    private final WorkspaceFiles files;

    SubAgentEdit(WorkspaceFiles files) {
        this.files = files;
    }

    CompletableFuture<ToolResult> place(ResolvedPath path, Snapshot current, String instructions, String codeEdit,
                                        String mergeRefusal, ToolContext context) {
        List<String> lines = LineRangePlan.lines(current.text());
        EditSubAgent.Request first = new EditSubAgent.Request(path.display(), LineRangePlan.numbered(lines),
                lines.size(), instructions, codeEdit, Optional.empty());
        return context.editSubAgent().placeEdit(first).thenCompose(answer -> {
            if (answer.isEmpty()) {
                return refused(path, mergeRefusal, "the edit sub-agent gave no answer");
            }
            try {
                return land(path, current, LineRangePlan.parse(answer.get(), lines.size()), mergeRefusal, "",
                        context);
            } catch (LineRangePlan.Invalid invalid) {
                EditSubAgent.Request retry = new EditSubAgent.Request(first.file(), first.numberedText(),
                        first.lineCount(), instructions, codeEdit, Optional.of(invalid.getMessage()));
                return context.editSubAgent().placeEdit(retry).thenCompose(second -> {
                    if (second.isEmpty()) {
                        return refused(path, mergeRefusal, "the edit sub-agent's plan was invalid ("
                                + invalid.getMessage() + ") and its retry gave no answer");
                    }
                    try {
                        return land(path, current, LineRangePlan.parse(second.get(), lines.size()), mergeRefusal,
                                " Its first plan was invalid (" + invalid.getMessage() + "); the retry was valid.",
                                context);
                    } catch (LineRangePlan.Invalid again) {
                        return refused(path, mergeRefusal, "the edit sub-agent's plan was invalid twice: first "
                                + invalid.getMessage() + "; then " + again.getMessage());
                    }
                });
            }
        });
    }

    private CompletableFuture<ToolResult> land(ResolvedPath path, Snapshot current, List<LineRangePlan.Edit> edits,
                                               String mergeRefusal, String note, ToolContext context) {
        String newText = LineRangePlan.apply(current.text(), edits);
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("path", path.display());
        data.put("via", "sub-agent");
        ArrayNode regions = data.putArray("regions");
        StringBuilder text = new StringBuilder("Edited " + path.display() + ":");
        for (LineRangePlan.Edit edit : edits) {
            ObjectNode region = regions.addObject();
            region.put("startLine", edit.start());
            region.put("endLine", edit.end());
            text.append(edit.end() < edit.start()
                    ? "\n- inserted before line " + edit.start()
                    : "\n- lines " + edit.start() + "-" + edit.end() + " of the original replaced");
        }
        text.append("\nPlaced by the edit sub-agent, because the deterministic merge refused: ").append(mergeRefusal)
                .append(note);
        if (newText.equals(current.text())) {
            data.put("changed", false);
            return CompletableFuture.completedFuture(ToolResult.success("The edit changes nothing in "
                    + path.display() + "; the file already reads that way (placed by the edit sub-agent).", data));
        }
        data.put("changed", true);
        return files.change("edit_file", context, path,
                new FileChange.Modify(path.absolute(), current.version(), current.text(), newText),
                ToolResult.success(text.toString(), data));
    }

    private static CompletableFuture<ToolResult> refused(ResolvedPath path, String mergeRefusal, String why) {
        return CompletableFuture.completedFuture(ToolResult.failure("edit_file: " + path.display() + ": "
                + mergeRefusal + " The edit sub-agent could not place it either: " + why + ". Nothing was changed."));
    }
}
