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

    /** The name a model calls it by. */
    public static final String NAME = "grep_search";

    static final int MAX_MATCHES = 50;
    /** Skipped files named in the answer; the rest are counted. */
    static final int MAX_SKIPPED_NAMED = 10;

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
        return NAME;
    }

    @Override
    public ToolKind kind() {
        return ToolKind.SEARCH;
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
        ArrayNode skipped = data.putArray("skipped");
        result.skipped().forEach(s -> skipped.addObject().put("file", s.path()).put("size", s.size())
                .put("reason", s.reason()));
        data.put("binaryFiles", result.binaryFiles());
        ArrayNode matches = data.putArray("matches");
        if (result.matches().isEmpty()) {
            data.put("count", 0);
            return ToolResult.success("No matches for '" + query.pattern() + "' in " + result.filesSearched()
                    + " files" + filters(query) + "." + total(query, result) + skippedNote(result)
                    + binaryNote(result), data);
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
        String after = (total(query, result).strip() + skippedNote(result)).strip();
        return ToolResult.success(after.isEmpty() ? text.toString() : text + "\n" + after, data);
    }

    /** With count_all, the number of matching lines in every file searched, which the model asked for. */
    private static String total(GrepQuery query, GrepResult result) {
        return query.countAll() ? " In all: " + result.totalMatches() + " matching line"
                + (result.totalMatches() == 1 ? "" : "s") + " in " + result.filesSearched() + " files." : "";
    }

    /** The files not searched and why, so "no matches" is never said of a file nobody read. */
    private static String skippedNote(GrepResult result) {
        StringBuilder note = new StringBuilder();
        List<GrepResult.Skipped> skipped = result.skipped();
        if (!skipped.isEmpty()) {
            note.append("\nNot searched: ").append(skipped.size()).append(skipped.size() == 1 ? " file" : " files")
                    .append(" (").append(skipped.get(0).reason()).append("): ");
            for (int i = 0; i < Math.min(MAX_SKIPPED_NAMED, skipped.size()); i++) {
                note.append(i == 0 ? "" : ", ").append(skipped.get(i).path()).append(" (")
                        .append(skipped.get(i).size()).append(" bytes)");
            }
            if (skipped.size() > MAX_SKIPPED_NAMED) {
                note.append(" and ").append(skipped.size() - MAX_SKIPPED_NAMED).append(" more");
            }
            note.append(". Search them with execute_command (grep) if they matter.");
        }
        return note.toString();
    }

    /** Binary files are never searched; said only where it explains an empty answer. */
    private static String binaryNote(GrepResult result) {
        int binary = result.binaryFiles();
        return binary == 0 ? "" : "\nNot searched: " + binary + " binary " + (binary == 1 ? "file." : "files.");
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
