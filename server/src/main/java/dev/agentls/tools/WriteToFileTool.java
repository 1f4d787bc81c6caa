package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.host.FileChange;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.Snapshot;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code write_to_file}: replaces a file's whole content, or creates it (parent folders included). An existing file
 * keeps its line endings and BOM: the new content's line breaks take the file's dominant ending. Refuses folders,
 * binary files, files outside the workspace and denied files, and a file with content the model has not read in this
 * conversation ({@link ReadFirst}). The change goes through the host, checkpointed first.
 */
public final class WriteToFileTool implements Tool {

    /** The name a model calls it by. */
    public static final String NAME = "write_to_file";

    private final WorkspaceFiles files;

    public WriteToFileTool(WorkspaceFiles files) {
        this.files = files;
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
    public Optional<String> verb() {
        return Optional.of("writing");
    }

    @Override
    public String description() {
        return """
                Writes a whole file: creates it (with any missing parent folders) or replaces all of its content. \
                Give the complete content, never an excerpt with "..." for unchanged parts; to change part of an \
                existing file use replace_in_file instead. An existing file is replaced only after you read it in \
                this conversation. An existing file keeps its line endings and byte order \
                mark.""";
    }

    @Override
    public String xmlExample() {
        return """
                <write_to_file>
                <path>src/greeting.txt</path>
                <content>Hello, world!
                </content>
                </write_to_file>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.filePath("The file to write, relative to the workspace root."),
                Parameter.required("content", Parameter.Type.STRING, "The file's complete new content.")
                        .maxLength(Parameter.LONG).emptyAllowed(),
                Parameter.explanation());
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        try {
            ResolvedPath path = files.resolve(name(), arguments.string(Parameter.PATH));
            String content = arguments.string("content");
            ObjectNode data = JsonNodeFactory.instance.objectNode();
            data.put("path", path.display());
            int lines = ReadFileTool.lines(content).size();
            data.put("lines", lines);
            if (!files.exists(path)) {
                data.put("created", true);
                return files.change(name(), context, path, new FileChange.Create(path.absolute(), content),
                        ToolResult.success("Created " + path.display() + " (" + lines + " lines).", data));
            }
            Snapshot current = files.read(name(), path);
            Optional<String> closed = files.refusedProtected(name(), "change", path);
            if (closed.isPresent()) {
                return CompletableFuture.completedFuture(ToolResult.failure(closed.get()));
            }
            if (!current.text().isEmpty()) {
                Optional<String> refusal = ReadFirst.refusal(name(), files, context, path);
                if (refusal.isPresent()) {
                    return CompletableFuture.completedFuture(ToolResult.failure(refusal.get()));
                }
            }
            String newText = current.format().normalizeLineEndings(content);
            data.put("created", false);
            if (newText.equals(current.text())) {
                data.put("changed", false);
                return CompletableFuture.completedFuture(ToolResult.success(path.display()
                        + " already has exactly this content; nothing was changed.", data));
            }
            data.put("changed", true);
            return files.change(name(), context, path,
                    new FileChange.Modify(path.absolute(), current.version(), current.text(), newText),
                    ToolResult.success("Wrote " + path.display() + " (" + lines + " lines).", data));
        } catch (ToolRefusal refusal) {
            return CompletableFuture.completedFuture(ToolResult.failure(refusal.getMessage()));
        }
    }
}
