package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SearchToolsTest extends FileToolFixture {

    /** Writes a file behind the tools' back and tells the index, as an editor's file watcher would. */
    private void created(String relative, String text) throws Exception {
        Path path = root.resolve(relative);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
        index.ready().get(30, TimeUnit.SECONDS);
        index.onFilesChanged(List.of(path), List.of(), List.of());
    }

    @Test
    void grepFindsLinesWithFileLineAndText() throws Exception {
        ToolResult result = call("grep_search", "query", "def \\w+\\(");
        assertEquals("3 matches for 'def \\w+\\(':\nsrc/util.py\n  4: def mean(values):\n"
                + "  9: def __init__(self):\n  12: def increment(self):", result.text());
        assertEquals(3, ((ToolResult.Success) result).data().get("matches").size());
    }

    @Test
    void grepIsCaseInsensitiveUnlessAskedAndHonoursGlobs() throws Exception {
        assertTrue(call("grep_search", "query", "CART").text().startsWith("2 matches for 'CART':\nweb/app.js\n"),
                call("grep_search", "query", "CART").text());
        assertTrue(call("grep_search", "query", "CART", "case_sensitive", true).text().startsWith("No matches"));
        ToolResult javaOnly = call("grep_search", "query", "greet", "include_pattern", "*.java");
        assertTrue(javaOnly.text().contains("in files matching *.java"), javaOnly.text());
        assertFalse(javaOnly.text().contains("README.md"));
        ToolResult noJava = call("grep_search", "query", "greet", "exclude_pattern", "*.java");
        assertFalse(noJava.text().contains("App.java"), noJava.text());
    }

    @Test
    void grepStopsAtFiftyMatchesAndSaysThereAreMore() throws Exception {
        created("many.txt", "needle\n".repeat(80));
        ToolResult result = call("grep_search", "query", "needle");
        assertTrue(result.text().startsWith("Showing the first 50 matches for 'needle'; there are more, so narrow"),
                result.text());
        assertTrue(((ToolResult.Success) result).data().get("more").asBoolean());
        ToolResult counted = call("grep_search", "query", "needle", "count_all", true);
        assertEquals(80, ((ToolResult.Success) counted).data().get("total").asLong());
        assertEquals(50, ((ToolResult.Success) counted).data().get("matches").size());
        assertFalse(((ToolResult.Success) result).data().has("total"));
    }

    @Test
    void grepNeverShowsDeniedOrIgnoredFilesAndSeesToolChangesAtOnce() throws Exception {
        assertTrue(call("grep_search", "query", "hunter2").text().startsWith("No matches"));
        created("build/out.txt", "ignored-needle\n");
        assertTrue(call("grep_search", "query", "ignored-needle").text().startsWith("No matches"));
        call("write_to_file", "target_file", "src/fresh.py", "content", "fresh_needle = 1\n");
        assertTrue(call("grep_search", "query", "fresh_needle").text().contains("src/fresh.py\n  1: fresh_needle = 1"));
    }

    @Test
    void grepRefusesABadRegexNamingIt() throws Exception {
        ToolResult result = call("grep_search", "query", "foo(");
        assertTrue(result.text().startsWith("grep_search: invalid regular expression 'foo('"), result.text());
    }

    @Test
    void fileSearchRanksFuzzyPathMatches() throws Exception {
        ToolResult result = call("file_search", "query", "appjava");
        assertTrue(result.text().startsWith("1 file matching 'appjava':\nsrc/main/java/demo/App.java"), result.text());
        assertTrue(call("file_search", "query", ".env").text().startsWith("No file path matches"),
                call("file_search", "query", ".env").text());
        assertTrue(call("file_search", "query", "zzzqqq").text().startsWith("No file path matches 'zzzqqq'"));
    }

    @Test
    void listDirShowsATreeWithSizesLeavingSecretsOut() throws Exception {
        ToolResult result = call("list_dir", "relative_workspace_path", ".");
        String text = result.text();
        assertTrue(text.startsWith("./\n"), text);
        assertTrue(text.contains("\n  src/\n    main/ (1 entry)\n    util.py (218 B)"), text);
        assertTrue(text.contains("\n  README.md ("), text);
        assertFalse(text.contains(".env"), text);
        assertTrue(text.contains("ignored or secret entries left out]"), text);
    }

    @Test
    void listDirRefusesFilesMissingAndOutsidePaths() throws Exception {
        assertEquals("list_dir: 'README.md' is a file, not a folder",
                call("list_dir", "relative_workspace_path", "README.md").text());
        assertEquals("list_dir: 'nope' does not exist", call("list_dir", "relative_workspace_path", "nope").text());
        assertTrue(call("list_dir", "relative_workspace_path", "..").text().contains("outside the workspace"));
    }
}
