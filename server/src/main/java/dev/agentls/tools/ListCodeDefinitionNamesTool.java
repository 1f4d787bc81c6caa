package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.outline.DefinitionOutline;
import dev.agentls.outline.Outliner;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.WorkspaceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.stream.Stream;

/**
 * {@code list_code_definition_names}: the classes, functions and methods of a file, or of every source file directly
 * inside a folder (at most {@value #MAX_FILES}), with their lines, from tree-sitter. Ignored and denied files are left
 * out; files in languages without a grammar are named as such. Parsing runs on the given executor.
 */
public final class ListCodeDefinitionNamesTool implements Tool {

    /** The name a model calls it by. */
    public static final String NAME = "list_code_definition_names";

    static final int MAX_FILES = 50;

    private final WorkspaceFiles files;
    private final Outliner outliner;
    private final Executor executor;

    public ListCodeDefinitionNamesTool(WorkspaceFiles files, Outliner outliner, Executor executor) {
        this.files = files;
        this.outliner = outliner;
        this.executor = executor;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ToolKind kind() {
        return ToolKind.READ;
    }

    @Override
    public Optional<String> verb() {
        return Optional.of("outlining");
    }

    @Override
    public String description() {
        return Descriptions.fill("""
                Lists the definitions (classes, interfaces, functions, methods) of a source file, or of every source \
                file directly inside a folder (at most %d files), with their line ranges. Use it to see how code is \
                organised before reading it; then read_file the lines you need. Supports Java, Python, JavaScript, \
                TypeScript and Go.""", MAX_FILES);
    }

    @Override
    public String xmlExample() {
        return """
                <list_code_definition_names>
                <path>src/main/java/demo</path>
                </list_code_definition_names>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(Parameter.required(Parameter.PATH, Parameter.Type.STRING,
                "A source file or a folder, relative to the workspace root.").alsoAccepted("target_file"),
                Parameter.explanation());
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        ResolvedPath path;
        try {
            path = files.resolve(name(), arguments.string(Parameter.PATH));
        } catch (ToolRefusal refusal) {
            return CompletableFuture.completedFuture(ToolResult.failure(refusal.getMessage()));
        }
        return CompletableFuture.supplyAsync(() -> {
            try {
                return Files.isDirectory(path.absolute()) ? folder(path) : file(path);
            } catch (ToolRefusal refusal) {
                return ToolResult.failure(refusal.getMessage());
            }
        }, executor);
    }

    private ToolResult file(ResolvedPath path) {
        String text = files.read(name(), path).text();
        Optional<DefinitionOutline> outline = outliner.outline(path.display(), text);
        if (outline.isEmpty()) {
            throw new ToolRefusal(name() + ": '" + path.display() + "' is not in a language with a grammar here"
                    + " (Java, Python, JavaScript, TypeScript, Go) or is too large to parse");
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.putArray("files").add(json(outline.get()));
        return ToolResult.success(outline.get().render(), data);
    }

    private ToolResult folder(ResolvedPath folder) {
        List<Path> children;
        try (Stream<Path> listing = Files.list(folder.absolute())) {
            children = listing.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new ToolRefusal(name() + ": '" + folder.display() + "' cannot be listed: " + e.getMessage());
        }
        List<DefinitionOutline> outlines = new ArrayList<>();
        int skipped = 0;
        for (Path child : children) {
            if (outlines.size() >= MAX_FILES) {
                skipped++;
                continue;
            }
            Optional<DefinitionOutline> outline = outlineOf(child);
            outline.ifPresent(outlines::add);
        }
        String shown = folder.display().isEmpty() ? "." : folder.display();
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        ArrayNode array = data.putArray("files");
        outlines.forEach(o -> array.add(json(o)));
        if (outlines.isEmpty()) {
            return ToolResult.success("No source files with definitions directly inside " + shown
                    + "; list a sub-folder or use list_dir.", data);
        }
        StringBuilder text = new StringBuilder();
        for (DefinitionOutline outline : outlines) {
            text.append(text.isEmpty() ? "" : "\n\n").append(outline.render());
        }
        if (skipped > 0) {
            text.append("\n\n[").append(skipped).append(" more files not outlined; name a file or a sub-folder]");
        }
        return ToolResult.success(text.toString(), data);
    }

    /** A child's outline, or empty when it is ignored, denied, unreadable as text or in no known language. */
    private Optional<DefinitionOutline> outlineOf(Path child) {
        try {
            ResolvedPath resolved = files.roots().resolve(child.toString());
            if (files.policy().isDenied(resolved).isPresent() || files.policy().isIgnored(resolved)) {
                return Optional.empty();
            }
            return outliner.outline(resolved.display(), files.read(name(), resolved).text());
        } catch (WorkspaceException | ToolRefusal e) {
            return Optional.empty();
        }
    }

    private static ObjectNode json(DefinitionOutline outline) {
        ObjectNode file = JsonNodeFactory.instance.objectNode();
        file.put("path", outline.path());
        file.put("language", outline.language());
        ArrayNode definitions = file.putArray("definitions");
        for (DefinitionOutline.Entry entry : outline.entries()) {
            ObjectNode node = definitions.addObject();
            node.put("kind", entry.kind());
            node.put("name", entry.name());
            node.put("startLine", entry.startLine());
            node.put("endLine", entry.endLine());
            node.put("depth", entry.depth());
        }
        return file;
    }
}
