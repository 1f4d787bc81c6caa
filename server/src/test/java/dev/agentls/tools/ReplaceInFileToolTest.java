package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.host.FileChange;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ReplaceInFileToolTest extends FileToolFixture {

    private static final String GREET = """
            ------- SEARCH
                public String greet(String name) {
                    return greeting + ", " + name + "!";
            =======
                public String greet(String name) {
                    return greeting + ", " + name.strip() + "!";
            +++++++ REPLACE
            """;

    @Test
    void appliesBlocksAndReportsWhereEachMatched() throws Exception {
        ToolResult result = call("replace_in_file", "target_file", "src/main/java/demo/App.java", "diff", GREET);
        assertEquals("Applied 1 block to src/main/java/demo/App.java:\n- block 1: lines 14-15 (exact match)",
                result.text());
        assertTrue(Files.readString(root.resolve("src/main/java/demo/App.java")).contains("name.strip()"));
    }

    @Test
    void editsTheOpenBufferAtItsVersion() throws Exception {
        Path app = root.resolve("src/main/java/demo/App.java");
        documents.didOpen(app, 12, Files.readString(app));
        call("replace_in_file", "target_file", "src/main/java/demo/App.java", "diff", GREET);
        FileChange.Modify modify = (FileChange.Modify) host.changes.get(0);
        assertEquals(OptionalInt.of(12), modify.version());
        assertTrue(modify.newText().contains("name.strip()"));
    }

    @Test
    void aMissingSearchChangesNothingAndPassesTheEnginesFactsOn() throws Exception {
        String before = Files.readString(root.resolve("src/util.py"));
        String diff = "------- SEARCH\nclass Counter:\n    def __init__(self, start):\n        self.count = start\n"
                + "=======\nx\n+++++++ REPLACE\n";
        ToolResult result = call("replace_in_file", "target_file", "src/util.py", "diff", diff);
        assertTrue(result.text().startsWith("replace_in_file: src/util.py: "), result.text());
        assertTrue(result.text().contains("block 1"), result.text());
        assertTrue(result.text().contains("lines 8-10"), result.text());
        assertTrue(result.text().endsWith("Nothing was changed."));
        assertEquals(before, Files.readString(root.resolve("src/util.py")));
        assertEquals(List.of(), host.changes);
    }

    @Test
    void aMalformedDiffIsRefused() throws Exception {
        ToolResult result = call("replace_in_file", "target_file", "src/util.py", "diff",
                "------- SEARCH\ndef mean(values):\n=======\n");
        assertTrue(result.text().startsWith("replace_in_file: the diff is malformed: "), result.text());
        assertTrue(result.text().contains("incomplete"), result.text());
    }

    @Test
    void aWrapperNamingAnotherFileIsRefused() throws Exception {
        String diff = "<file-edit filePath=\"web/app.js\">\n" + GREET + "</file-edit>\n";
        ToolResult result = call("replace_in_file", "target_file", "src/main/java/demo/App.java", "diff", diff);
        assertEquals("replace_in_file: the diff edits 'web/app.js' but path is 'src/main/java/demo/App.java';"
                + " one call changes one file. Nothing was changed.", result.text());
    }

    @Test
    void aMissingFileIsCreatedOnlyByOneEmptySearch() throws Exception {
        assertEquals("replace_in_file: 'new.txt' does not exist; create it with write_to_file (or one block with an"
                + " empty SEARCH)", call("replace_in_file", "target_file", "new.txt", "diff", GREET).text());
        ToolResult created = call("replace_in_file", "target_file", "new.txt", "diff",
                "------- SEARCH\n=======\nfresh\n+++++++ REPLACE\n");
        assertEquals("Created new.txt.", created.text());
        assertEquals("fresh\n", Files.readString(root.resolve("new.txt")));
    }

    @Test
    void refusesDeniedAndOutsideFiles() throws Exception {
        assertTrue(call("replace_in_file", "target_file", ".env", "diff", GREET).text()
                .startsWith("replace_in_file: '.env' is on the deny list"));
        assertTrue(call("replace_in_file", "target_file", "../tools/src/util.py", "diff", GREET).text()
                .contains("is outside the workspace"));
    }
}
