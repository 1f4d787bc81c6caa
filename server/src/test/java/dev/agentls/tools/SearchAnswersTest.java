package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.workspace.FileIndex;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The search tools say what they did not do: files left unsearched and why, and true totals. */
class SearchAnswersTest extends FileToolFixture {

    private void created(List<Path> paths) throws Exception {
        index.ready().get(30, TimeUnit.SECONDS);
        index.onFilesChanged(paths, List.of(), List.of());
    }

    @Test
    void grepNamesTheFilesItSkippedAndWhyInsteadOfSayingNoMatches() throws Exception {
        Path big = root.resolve("data/huge.txt");
        Files.createDirectories(big.getParent());
        Files.writeString(big, "zebra-needle\n".repeat((int) (FileIndex.DEFAULT_MAX_FILE_BYTES / 13) + 10));
        created(List.of(big));

        ToolResult result = call("grep_search", "query", "zebra-needle");
        String text = result.text();
        assertTrue(text.startsWith("No matches for 'zebra-needle' in "), text);
        assertTrue(text.contains("\nNot searched: 1 file (larger than the " + FileIndex.DEFAULT_MAX_FILE_BYTES
                + " bytes a search reads): data/huge.txt (" + Files.size(big) + " bytes). Search them with"
                + " execute_command (grep) if they matter."), text);
        JsonNode skipped = ((ToolResult.Success) result).data().get("skipped");
        assertEquals("data/huge.txt", skipped.get(0).get("file").asText());
        assertEquals(Files.size(big), skipped.get(0).get("size").asLong());
    }

    @Test
    void grepLeavesOutOfItsNoteFilesTheGlobsExclude() throws Exception {
        Path big = root.resolve("data/huge.txt");
        Files.createDirectories(big.getParent());
        Files.writeString(big, "x".repeat((int) FileIndex.DEFAULT_MAX_FILE_BYTES + 1));
        created(List.of(big));
        String text = call("grep_search", "query", "zebra", "include_pattern", "*.py").text();
        assertTrue(!text.contains("huge.txt"), text);
    }

    @Test
    void countAllsTotalReachesTheModelInTheText() throws Exception {
        Path many = root.resolve("many.txt");
        Files.writeString(many, "needle\n".repeat(80));
        created(List.of(many));
        String text = call("grep_search", "query", "needle", "count_all", true).text();
        assertTrue(text.contains("In all: 80 matching lines in "), text);
    }

    @Test
    void fileSearchGivesTheTrueTotalWhenItShowsOnlySome() throws Exception {
        List<Path> paths = new ArrayList<>();
        Files.createDirectories(root.resolve("gen"));
        for (int i = 0; i < 400; i++) {
            paths.add(Files.writeString(root.resolve("gen/widget" + i + ".txt"), "w"));
        }
        created(paths);
        ToolResult result = call("file_search", "query", "genwidget");
        assertTrue(result.text().startsWith(FileSearchTool.MAX_RESULTS + " of 400 files matching 'genwidget' shown,"
                + " best first (make the query longer to see others):"), result.text());
        assertEquals(400, ((ToolResult.Success) result).data().get("total").asInt());
    }
}
