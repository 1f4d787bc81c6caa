package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.workspace.Checkpoint;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

class EditAndOutlineToolsTest extends FileToolFixture {

    private static final String APP = "src/main/java/demo/App.java";

    @Test
    void editFileMergesALazyEditIntoTheFile() throws Exception {
        String edit = """
                // ... existing code ...
                    public String greet(String name) {
                        return greeting + ", " + name.strip() + "!";
                    }
                // ... existing code ...
                """;
        ToolResult result = call("edit_file", "target_file", APP, "instructions", "Strip the name.", "code_edit", edit);
        assertTrue(result.isSuccess(), result.text());
        assertTrue(result.text().startsWith("Edited " + APP + ":\n- lines 15-15"), result.text());
        String after = Files.readString(root.resolve(APP));
        assertTrue(after.contains("name.strip()"));
        assertTrue(after.contains("public List<String> greetAll"), "the rest of the file is kept");
    }

    @Test
    void editFileRefusalsChangeNothingAndCarryTheMergersFacts() throws Exception {
        String before = Files.readString(root.resolve(APP));
        String orphan = "// ... existing code ...\nint unrelated = 1;\n// ... existing code ...\n";
        ToolResult result = call("edit_file", "target_file", APP, "instructions", "x", "code_edit", orphan);
        assertTrue(result.text().startsWith("edit_file: " + APP + ": "), result.text());
        assertTrue(result.text().endsWith("Nothing was changed."), result.text());
        assertEquals(before, Files.readString(root.resolve(APP)));
        assertEquals(List.of(), host.changes);
        assertEquals("edit_file: 'src/New.java' does not exist; create it with write_to_file",
                call("edit_file", "target_file", "src/New.java", "instructions", "x", "code_edit", "class New {}").text());
        assertTrue(call("edit_file", "target_file", ".env", "instructions", "x", "code_edit", "A=1").text()
                .startsWith("edit_file: '.env' is on the deny list"));
    }

    @Test
    void listsTheDefinitionsOfAFileWithTheirLines() throws Exception {
        ToolResult result = call("list_code_definition_names", "path", APP);
        String text = result.text();
        assertTrue(text.startsWith(APP + ":\n  class App (lines "), text);
        assertTrue(text.contains("\n    method greet (lines 14-16)"), text);
        assertTrue(text.contains("method main ("), text);
    }

    @Test
    void listsTheDefinitionsOfEverySourceFileInAFolder() throws Exception {
        ToolResult result = call("list_code_definition_names", "path", "src");
        assertTrue(result.text().startsWith("src/util.py:\n  function mean (lines 4-5)"), result.text());
        assertTrue(result.text().contains("class Counter (lines 8-14)"), result.text());
        assertTrue(result.text().contains("\n    function increment (lines 12-14)"), result.text());
        assertTrue(call("list_code_definition_names", "path", "docs").text().startsWith("No source files with"));
    }

    @Test
    void refusesFilesWithoutAGrammarAndHostilePaths() throws Exception {
        assertTrue(call("list_code_definition_names", "path", "README.md").text()
                .startsWith("list_code_definition_names: 'README.md' is not in a language with a grammar"));
        assertTrue(call("list_code_definition_names", "path", "../..").text().contains("outside the workspace"));
        assertTrue(call("list_code_definition_names", "path", ".env").text().contains("deny list"));
    }

    @Test
    void everyChangeIsCheckpointedBeforeItIsAppliedWithItsChangeLog() throws Exception {
        byte[] before = Files.readAllBytes(root.resolve("src/util.py"));
        ToolResult write = call("write_to_file", "target_file", "src/util.py", "content", "x = 1\n");
        String id = ((ToolResult.Success) write).data().get("checkpointId").asText();
        Checkpoint checkpoint = checkpoints.list("conversation-1").get(0);
        assertEquals(id, checkpoint.id());
        assertTrue(java.util.Arrays.equals(before, checkpoint.before().get(0).bytes()));
        assertEquals(new Checkpoint.Change("src/util.py", Checkpoint.Kind.MODIFIED, 1, 14), checkpoint.changes().get(0));
        call("delete_file", "target_file", "web/app.js");
        call("write_to_file", "target_file", "new.txt", "content", "a\nb\n");
        List<Checkpoint> all = checkpoints.list("conversation-1");
        assertEquals(Checkpoint.Kind.DELETED, all.get(1).changes().get(0).kind());
        assertEquals(new Checkpoint.Change("new.txt", Checkpoint.Kind.ADDED, 2, 0), all.get(2).changes().get(0));
    }

    @Test
    void aRefusedChangeLogsNothing() throws Exception {
        host.refusingChanges("no");
        assertFalse(call("write_to_file", "target_file", "src/util.py", "content", "x\n").isSuccess());
        assertEquals(List.of(), checkpoints.list("conversation-1").get(0).changes());
    }
}
