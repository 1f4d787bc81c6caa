package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.workspace.GrepMatch;
import dev.agentls.workspace.GrepQuery;
import dev.agentls.workspace.GrepResult;
import dev.agentls.workspace.WorkspaceException;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code grep_search}: a regular expression (RE2, linear time) over the workspace's text files, honouring ignore
 * files and the deny list, at most {@value #MAX_MATCHES} matching lines with file, line number and text, and a note
 * when there are more. Open editor buffers are searched instead of disk.
 */
public final class GrepSearchTool implements Tool {

    static final int MAX_MATCHES = 50;

    private final WorkspaceSearch search;

    public GrepSearchTool(WorkspaceSearch search) {
        this.search = search;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public String name() {
        return "grep_search";
    }

    @Override
    public String description() {
        return Descriptions.fill("""
                Searches the text of the workspace's files with a regular expression (RE2 syntax: no backreferences \
                or lookaround), line by line, skipping files ignored by .gitignore and secret files. Returns at most \
                %d matching lines with their file and line number, and says when there are more: then narrow the \
                pattern or the files. Escape special characters (\\. \\( \\[) to match them literally. Case-insensitive \
                unless case_sensitive is true. include_pattern and exclude_pattern are globs such as "*.java" or \
                "src/**/*.ts" (comma-separated for several).""", MAX_MATCHES);
    }

    @Override
    public String xmlExample() {
        return """
                <grep_search>
                <query>class \\w+Controller</query>
                <include_pattern>*.java</include_pattern>
                </grep_search>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.required("query", Parameter.Type.STRING, "The regular expression to search for."),
                Parameter.optional("case_sensitive", Parameter.Type.BOOLEAN, "Match case exactly; default false."),
                Parameter.optional("include_pattern", Parameter.Type.STRING, "Only search files matching this glob."),
                Parameter.optional("exclude_pattern", Parameter.Type.STRING, "Skip files matching this glob."),
                Parameter.optional("count_all", Parameter.Type.BOOLEAN,
                        "Also count every matching line (always a full scan); default false."),
                Parameter.explanation());
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        GrepQuery query = new GrepQuery(arguments.string("query"), arguments.bool("case_sensitive", false),
                arguments.optionalString("include_pattern").orElse(null),
                arguments.optionalString("exclude_pattern").orElse(null), MAX_MATCHES,
                arguments.bool("count_all", false));
        return search.index().ready().thenApplyAsync(ready -> {
            try {
                return answer(query, search.grep().grep(query));
            } catch (WorkspaceException e) {
                return ToolResult.failure(name() + ": " + e.getMessage());
            }
        }, search.executor());
    }

    private ToolResult answer(GrepQuery query, GrepResult result) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("query", query.pattern());
        data.put("more", result.more());
        data.put("filesSearched", result.filesSearched());
        if (query.countAll()) {
            data.put("total", result.totalMatches());
        }
        ArrayNode matches = data.putArray("matches");
        if (result.matches().isEmpty()) {
            data.put("count", 0);
            return ToolResult.success("No matches for '" + query.pattern() + "' in " + result.filesSearched()
                    + " files" + filters(query) + ".", data);
        }
        StringBuilder text = new StringBuilder();
        text.append(result.more()
                ? "Showing the first " + result.matches().size() + " matches for '" + query.pattern() + "'" + filters(query)
                        + "; there are more, so narrow the pattern or the files to see them."
                : result.matches().size() + (result.matches().size() == 1 ? " match" : " matches") + " for '"
                        + query.pattern() + "'" + filters(query) + ":");
        String file = null;
        for (GrepMatch match : result.matches()) {
            if (!match.path().equals(file)) {
                file = match.path();
                text.append('\n').append(file);
            }
            text.append("\n  ").append(match.line()).append(": ").append(match.text());
            ObjectNode entry = matches.addObject();
            entry.put("file", match.path());
            entry.put("line", match.line());
            entry.put("text", match.text());
        }
        data.put("count", result.matches().size());
        return ToolResult.success(text.toString(), data);
    }

    private static String filters(GrepQuery query) {
        StringBuilder text = new StringBuilder();
        if (query.includeGlob() != null) {
            text.append(" in files matching ").append(query.includeGlob());
        }
        if (query.excludeGlob() != null) {
            text.append(" excluding ").append(query.excludeGlob());
        }
        return text.toString();
    }
}
