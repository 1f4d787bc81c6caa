package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.edit.BlockMatch;
import dev.agentls.edit.EditOutcome;
import dev.agentls.edit.lazy.LazyMerger;
import dev.agentls.host.FileChange;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.Snapshot;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code edit_file}: a Cursor-style edit with {@code ... existing code ...} markers, merged deterministically into the
 * file's current text by the lazy-edit merger. When the merger refuses (ambiguous anchors, an unplaceable line, a
 * large unexplained deletion) and the call runs in an agent run, the edit sub-agent places it by line numbers
 * ({@link SubAgentEdit}); otherwise the refusal is a failure with its facts, and nothing changes. The result says
 * which path placed the edit. Refuses missing files (use {@code write_to_file}), denied and outside paths.
 */
public final class EditFileTool implements Tool {

    /** The name a model calls it by. */
    public static final String NAME = "edit_file";
    /** The parameter saying in a sentence what the edit does. */
    public static final String INSTRUCTIONS = "instructions";

    private final WorkspaceFiles files;
    private final LazyMerger merger;
    private final SubAgentEdit subAgent;

    public EditFileTool(WorkspaceFiles files, LazyMerger merger) {
        this.files = files;
        this.merger = merger;
        this.subAgent = new SubAgentEdit(files);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ToolKind kind() {
        return ToolKind.EDIT;
    }

    @Override
    public Optional<String> purposeParameter() {
        return Optional.of(INSTRUCTIONS);
    }

    @Override
    public Optional<String> verb() {
        return Optional.of("editing");
    }

    @Override
    public String description() {
        return """
                Edits an existing file by showing only the changed parts: write the new code, and stand for every \
                stretch of unchanged code with a comment in the file's syntax such as "// ... existing code ...". \
                Include a few unchanged lines around each change so it can be placed; never leave out code without \
                the marker, or it is deleted. Say in one sentence what the edit does in instructions.""";
    }

    @Override
    public String xmlExample() {
        return """
                <edit_file>
                <path>src/main/java/demo/App.java</path>
                <instructions>Strip whitespace from the name before greeting.</instructions>
                <code_edit>// ... existing code ...
                    public String greet(String name) {
                        return greeting + ", " + name.strip() + "!";
                    }
                // ... existing code ...</code_edit>
                </edit_file>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.filePath("The file to edit, relative to the workspace root."),
                Parameter.required(INSTRUCTIONS, Parameter.Type.STRING, "One sentence saying what the edit does."),
                Parameter.required("code_edit", Parameter.Type.STRING,
                        "The changed code, with '... existing code ...' comments for unchanged stretches.")
                        .maxLength(Parameter.LONG),
                Parameter.explanation());
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        try {
            ResolvedPath path = files.resolve(name(), arguments.string(Parameter.PATH));
            if (!files.exists(path)) {
                throw new ToolRefusal(name() + ": '" + path.display() + "' does not exist; create it with"
                        + " write_to_file");
            }
            Snapshot current = files.read(name(), path);
            String fileName = path.absolute().getFileName().toString();
            EditOutcome outcome = merger.merge(fileName, current.text(), arguments.string("code_edit"));
            if (outcome instanceof EditOutcome.Refused refused) {
                if (context.editSubAgent() != EditSubAgent.NONE) {
                    return subAgent.place(path, current, arguments.string(INSTRUCTIONS),
                            arguments.string("code_edit"), refused.failure().message(), context);
                }
                throw new ToolRefusal(name() + ": " + path.display() + ": " + refused.failure().message()
                        + " Nothing was changed.");
            }
            EditOutcome.Applied applied = (EditOutcome.Applied) outcome;
            ObjectNode data = JsonNodeFactory.instance.objectNode();
            data.put("path", path.display());
            ArrayNode regions = data.putArray("regions");
            StringBuilder text = new StringBuilder("Edited " + path.display() + ":");
            for (BlockMatch match : applied.matches()) {
                ObjectNode region = regions.addObject();
                region.put("startLine", match.startLine());
                region.put("endLine", match.endLine());
                text.append("\n- lines ").append(match.startLine()).append('-').append(match.endLine())
                        .append(" of the original replaced");
            }
            if (applied.newText().equals(current.text())) {
                data.put("changed", false);
                return CompletableFuture.completedFuture(ToolResult.success("The edit changes nothing in "
                        + path.display() + "; the file already reads that way.", data));
            }
            data.put("changed", true);
            data.put("via", "merge");
            text.append("\nPlaced by the deterministic merge.");
            return files.change(name(), context, path,
                    new FileChange.Modify(path.absolute(), current.version(), current.text(), applied.newText()),
                    ToolResult.success(text.toString(), data));
        } catch (ToolRefusal refusal) {
            return CompletableFuture.completedFuture(ToolResult.failure(refusal.getMessage()));
        }
    }
}
