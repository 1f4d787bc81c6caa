package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.workspace.FileSearch;
import dev.agentls.workspace.WorkspaceException;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** {@code file_search}: fuzzy search of file paths in the warm index, at most {@value #MAX_RESULTS} results, best first. */
public final class FileSearchTool implements Tool {

    /** The name a model calls it by. */
    public static final String NAME = "file_search";

    static final int MAX_RESULTS = 10;

    private final WorkspaceSearch search;

    public FileSearchTool(WorkspaceSearch search) {
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
                Finds files by a fuzzy match on their path: the query's characters must appear in order \
                ("AppCtl" finds src/AppController.java). Returns at most %d paths, best first; ignored and secret \
                files are left out. Use it when you know part of a file's name but not where it is.""", MAX_RESULTS);
    }

    @Override
    public String xmlExample() {
        return """
                <file_search>
                <query>GreeterTest</query>
                </file_search>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.required("query", Parameter.Type.STRING, "Part of the file's name or path."),
                Parameter.explanation());
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        String query = arguments.string("query");
        return search.index().ready().thenApplyAsync(ready -> {
            try {
                FileSearch.Found found = search.fileSearch().find(query, MAX_RESULTS);
                List<FileSearch.FileHit> hits = found.hits();
                ObjectNode data = JsonNodeFactory.instance.objectNode();
                data.put("total", found.total());
                ArrayNode files = data.putArray("files");
                hits.forEach(hit -> files.add(hit.path()));
                if (hits.isEmpty()) {
                    return ToolResult.success("No file path matches '" + query + "'.", data);
                }
                StringBuilder text = new StringBuilder(found.total() > hits.size()
                        ? hits.size() + " of " + found.total() + " files matching '" + query + "' shown, best first"
                                + " (make the query longer to see others):"
                        : hits.size() + (hits.size() == 1 ? " file" : " files") + " matching '" + query + "':");
                hits.forEach(hit -> text.append('\n').append(hit.path()));
                return ToolResult.success(text.toString(), data);
            } catch (WorkspaceException e) {
                return ToolResult.failure(name() + ": " + e.getMessage());
            }
        }, search.executor());
    }
}
