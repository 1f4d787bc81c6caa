package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.workspace.DirectoryLister;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.WorkspaceException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * {@code list_dir}: a folder as a tree with sizes, {@value #DEPTH} levels deep and at most {@value #MAX_ENTRIES}
 * entries, ignored and denied entries left out and counted. Refuses files, missing folders and paths outside.
 */
public final class ListDirTool implements Tool {

    /** The name a model calls it by. */
    public static final String NAME = "list_dir";

    static final int DEPTH = 2;
    static final int MAX_ENTRIES = 200;

    private final WorkspaceFiles files;
    private final WorkspaceSearch search;

    public ListDirTool(WorkspaceFiles files, WorkspaceSearch search) {
        this.files = files;
        this.search = search;
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
        return ToolKind.SEARCH;
    }

    @Override
    public String description() {
        return Descriptions.fill("""
                Lists a folder of the workspace as a tree, %d levels deep, with file sizes and, for folders shown \
                closed, how many entries they hold; at most %d entries. Files ignored by .gitignore and secret \
                files are left out (their number is given). Use "." for the workspace root; list a sub-folder to see \
                deeper.""", DEPTH, MAX_ENTRIES);
    }

    @Override
    public String xmlExample() {
        return """
                <list_dir>
                <path>src</path>
                </list_dir>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.required(Parameter.PATH, Parameter.Type.STRING,
                        "The folder to list, relative to the workspace root (\".\" for the root).")
                        .alsoAccepted("relative_workspace_path"),
                Parameter.explanation());
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        ResolvedPath folder;
        try {
            folder = files.resolve(name(), arguments.string(Parameter.PATH));
        } catch (ToolRefusal refusal) {
            return CompletableFuture.completedFuture(ToolResult.failure(refusal.getMessage()));
        }
        return CompletableFuture.supplyAsync(() -> {
            try {
                return answer(search.lister().list(folder, DEPTH, MAX_ENTRIES));
            } catch (WorkspaceException e) {
                return ToolResult.failure(name() + ": " + e.getMessage());
            }
        }, search.executor());
    }

    private ToolResult answer(DirectoryLister.Listing listing) {
        StringBuilder text = new StringBuilder(listing.path().equals(".") ? "./" : listing.path() + "/");
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("path", listing.path());
        ArrayNode entries = data.putArray("entries");
        for (DirectoryLister.Entry entry : listing.entries()) {
            text.append('\n').append("  ".repeat(entry.depth())).append(entry.name());
            switch (entry.kind()) {
                case DIRECTORY -> {
                    text.append('/');
                    if (entry.depth() >= DEPTH) {
                        text.append(" (").append(entry.children()).append(entry.children() == 1 ? " entry)" : " entries)");
                    }
                }
                case SYMLINK -> text.append(" (symbolic link)");
                default -> text.append(" (").append(size(entry.size())).append(')');
            }
            ObjectNode node = entries.addObject();
            node.put("path", entry.path());
            node.put("kind", entry.kind().name().toLowerCase(Locale.ROOT));
            node.put("size", entry.size());
            node.put("depth", entry.depth());
        }
        if (listing.entries().isEmpty()) {
            text.append("\n  (empty)");
        }
        if (listing.truncated() > 0) {
            text.append("\n[").append(listing.truncated()).append(" more entries not shown; list a sub-folder to see them]");
        }
        if (listing.hidden() > 0) {
            text.append("\n[").append(listing.hidden()).append(" ignored or secret entries left out]");
        }
        data.put("truncated", listing.truncated());
        data.put("hidden", listing.hidden());
        return ToolResult.success(text.toString(), data);
    }

    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024));
    }
}
