package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.host.FileChange;
import dev.agentls.workspace.ResolvedPath;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code delete_file}: deletes one file through the host, after a checkpoint has recorded its content so it can be
 * rolled back. Refuses folders, missing files, the workspace root, files outside the workspace and denied files.
 */
public final class DeleteFileTool implements Tool {

    /** The name a model calls it by. */
    public static final String NAME = "delete_file";

    private final WorkspaceFiles files;

    public DeleteFileTool(WorkspaceFiles files) {
        this.files = files;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ToolKind kind() {
        return ToolKind.DELETE;
    }

    @Override
    public Optional<String> verb() {
        return Optional.of("deleting");
    }

    @Override
    public String description() {
        return """
                Deletes one file of the workspace. Its content is recorded first, so the user can roll the deletion \
                back. Folders are not deleted.""";
    }

    @Override
    public String xmlExample() {
        return """
                <delete_file>
                <path>src/old/Legacy.java</path>
                <explanation>Legacy is no longer referenced.</explanation>
                </delete_file>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.filePath("The file to delete, relative to the workspace root."),
                Parameter.explanation());
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        try {
            ResolvedPath path = files.resolve(name(), arguments.string(Parameter.PATH));
            if (Files.isDirectory(path.absolute())) {
                throw new ToolRefusal(name() + ": '" + (path.display().isEmpty() ? "." : path.display())
                        + "' is a folder; delete_file deletes files only");
            }
            if (!Files.exists(path.absolute())) {
                throw new ToolRefusal(name() + ": '" + path.display() + "' does not exist");
            }
            ObjectNode data = JsonNodeFactory.instance.objectNode();
            data.put("path", path.display());
            return files.change(name(), context, path, new FileChange.Delete(path.absolute()),
                    ToolResult.success("Deleted " + path.display() + ".", data));
        } catch (ToolRefusal refusal) {
            return CompletableFuture.completedFuture(ToolResult.failure(refusal.getMessage()));
        }
    }
}
