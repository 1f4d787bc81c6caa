package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoints and rollback through a real LSP4J client: tools change a CRLF file, a BOM file, delete a file and
 * create one, each through {@code workspace/applyEdit}; the editor saves; {@code agentls.rollback} to the first
 * checkpoint restores every file byte for byte once the editor saves again.
 */
@Tag("slow")
class RollbackCommandTest {

    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    @TempDir
    Path temp;

    private LspFixture lsp;

    @BeforeEach
    void start() throws Exception {
        lsp = LspFixture.withAgentTools("tools", temp);
        lsp.initialize();
    }

    @AfterEach
    void stop() throws Exception {
        lsp.close();
    }

    private JsonObject runTool(String name, Map<String, Object> arguments) throws Exception {
        JsonObject result = LspFixture.json(LspFixture.await(lsp.execute(RunToolCommand.ID,
                Map.of("name", name, "arguments", arguments, "conversationId", "c1"))));
        assertTrue(result.get("ok").getAsBoolean(), result.toString());
        return result;
    }

    /** What an editor's "save all" does: a buffer goes to disk (its BOM kept as an encoding), a deleted file goes. */
    private void save(String relative, boolean bom) throws Exception {
        Path path = lsp.root.resolve(relative);
        Optional<EditorModel.Buffer> buffer = lsp.editor.model.buffer(lsp.uri(relative));
        if (buffer.isEmpty()) {
            Files.deleteIfExists(path);
            return;
        }
        byte[] text = buffer.get().text().getBytes(StandardCharsets.UTF_8);
        Files.createDirectories(path.getParent());
        Files.write(path, bom ? concat(BOM, text) : text);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = new byte[a.length + b.length];
        System.arraycopy(a, 0, both, 0, a.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    @Test
    void rollbackRestoresCrlfBomDeletedAndCreatedFilesByteForByte() throws Exception {
        byte[] crlf = Files.readAllBytes(lsp.root.resolve("docs/crlf.txt"));
        byte[] bom = Files.readAllBytes(lsp.root.resolve("docs/bom.txt"));
        byte[] app = Files.readAllBytes(lsp.root.resolve("web/app.js"));

        JsonObject first = runTool("write_to_file", Map.of("target_file", "docs/crlf.txt", "content", "replaced\nlines\n"));
        save("docs/crlf.txt", false);
        assertArrayEquals("replaced\r\nlines\r\n".getBytes(StandardCharsets.UTF_8),
                Files.readAllBytes(lsp.root.resolve("docs/crlf.txt")), "the write kept CRLF");
        runTool("replace_in_file", Map.of("target_file", "docs/bom.txt",
                "diff", "------- SEARCH\nalpha,1\n=======\nalpha,100\n+++++++ REPLACE\n"));
        save("docs/bom.txt", true);
        runTool("delete_file", Map.of("target_file", "web/app.js"));
        save("web/app.js", false);
        runTool("write_to_file", Map.of("target_file", "new/created.txt", "content", "fresh\n"));
        save("new/created.txt", false);
        assertFalse(Files.exists(lsp.root.resolve("web/app.js")));

        JsonArray listed = LspFixture.json(LspFixture.await(lsp.execute(CheckpointsCommand.ID,
                Map.of("conversationId", "c1")))).getAsJsonArray("checkpoints");
        assertEquals(4, listed.size());
        JsonObject change = listed.get(0).getAsJsonObject().getAsJsonArray("changes").get(0).getAsJsonObject();
        assertEquals("docs/crlf.txt", change.get("path").getAsString());
        assertEquals("modified", change.get("kind").getAsString());
        assertEquals(2, change.get("linesAdded").getAsInt());
        assertEquals(3, change.get("linesRemoved").getAsInt());
        assertEquals("deleted", listed.get(2).getAsJsonObject().getAsJsonArray("changes").get(0).getAsJsonObject()
                .get("kind").getAsString());
        assertEquals("added", listed.get(3).getAsJsonObject().getAsJsonArray("changes").get(0).getAsJsonObject()
                .get("kind").getAsString());

        String checkpointId = first.getAsJsonObject("data").get("checkpointId").getAsString();
        assertEquals(listed.get(0).getAsJsonObject().get("id").getAsString(), checkpointId);
        JsonObject rollback = LspFixture.json(LspFixture.await(lsp.execute(RollbackCommand.ID,
                Map.of("checkpointId", checkpointId))));
        assertTrue(rollback.get("applied").getAsBoolean(), rollback.toString());
        assertEquals(4, rollback.getAsJsonArray("restored").size());
        save("docs/crlf.txt", false);
        save("docs/bom.txt", true);
        save("web/app.js", false);
        save("new/created.txt", false);

        assertArrayEquals(crlf, Files.readAllBytes(lsp.root.resolve("docs/crlf.txt")));
        assertArrayEquals(bom, Files.readAllBytes(lsp.root.resolve("docs/bom.txt")));
        assertArrayEquals(app, Files.readAllBytes(lsp.root.resolve("web/app.js")));
        assertFalse(Files.exists(lsp.root.resolve("new/created.txt")));
    }

    @Test
    void rollbackOfAnOpenBufferRestoresTheUsersUnsavedTypingNotTheDiskText() throws Exception {
        String disk = lsp.open("src/util.py", 1);
        String typed = disk.replace("\"\"\"Small helpers.\"\"\"", "\"\"\"Small helpers, typed but unsaved.\"\"\"");
        lsp.type("src/util.py", typed, 2);

        JsonObject edit = runTool("replace_in_file", Map.of("target_file", "src/util.py",
                "diff", "------- SEARCH\n        self.count += 1\n=======\n        self.count += 2\n+++++++ REPLACE\n"));
        String edited = lsp.editor.model.buffer(lsp.uri("src/util.py")).orElseThrow().text();
        assertTrue(edited.contains("typed but unsaved") && edited.contains("self.count += 2"), edited);
        lsp.type("src/util.py", edited, 3); // the editor reports the applied edit, as every editor does

        JsonObject rollback = LspFixture.json(LspFixture.await(lsp.execute(RollbackCommand.ID,
                Map.of("checkpointId", edit.getAsJsonObject("data").get("checkpointId").getAsString()))));

        assertTrue(rollback.get("applied").getAsBoolean(), rollback.toString());
        assertEquals(typed, lsp.editor.model.buffer(lsp.uri("src/util.py")).orElseThrow().text());
        assertEquals(disk, Files.readString(lsp.root.resolve("src/util.py")), "disk untouched: the buffer stays unsaved");
    }

    @Test
    void aDeletedBinaryFileIsWrittenBackByteForByteAfterTheEditorAppliedTheText() throws Exception {
        Path logo = lsp.root.resolve("assets/logo.png");
        byte[] image = Files.readAllBytes(logo);
        String crlf = Files.readString(lsp.root.resolve("docs/crlf.txt"));
        JsonObject first = runTool("write_to_file", Map.of("target_file", "docs/crlf.txt", "content", "x\n"));
        runTool("delete_file", Map.of("target_file", "assets/logo.png"));
        save("docs/crlf.txt", false);
        save("assets/logo.png", false);
        assertFalse(Files.exists(logo));

        JsonObject rollback = LspFixture.json(LspFixture.await(lsp.execute(RollbackCommand.ID,
                Map.of("checkpointId", first.getAsJsonObject("data").get("checkpointId").getAsString()))));

        assertTrue(rollback.get("applied").getAsBoolean(), rollback.toString());
        assertTrue(rollback.toString().contains("assets/logo.png"), rollback.toString());
        assertArrayEquals(image, Files.readAllBytes(logo));
        assertEquals(crlf, lsp.editor.model.buffer(lsp.uri("docs/crlf.txt")).orElseThrow().text(),
                "the text is back in its buffer (unsaved), through the editor");
    }

    @Test
    void aBinaryFileIsNotWrittenWhenTheEditorRefusesTheRestOfTheRollback() throws Exception {
        Path logo = lsp.root.resolve("assets/logo.png");
        JsonObject first = runTool("write_to_file", Map.of("target_file", "docs/crlf.txt", "content", "x\n"));
        runTool("delete_file", Map.of("target_file", "assets/logo.png"));
        save("docs/crlf.txt", false);
        save("assets/logo.png", false);
        lsp.editor.refuseEdits("the user said no");

        JsonObject rollback = LspFixture.json(LspFixture.await(lsp.execute(RollbackCommand.ID,
                Map.of("checkpointId", first.getAsJsonObject("data").get("checkpointId").getAsString()))));

        assertFalse(rollback.get("applied").getAsBoolean());
        assertEquals("the editor refused the edit: the user said no", rollback.get("reason").getAsString());
        assertFalse(Files.exists(logo), "nothing written behind the editor's back");
    }

    @Test
    void aBinaryFileOpenAsTextInTheEditorIsRefusedAndNothingIsTouched() throws Exception {
        Path logo = lsp.root.resolve("assets/logo.png");
        JsonObject deleted = runTool("delete_file", Map.of("target_file", "assets/logo.png"));
        save("assets/logo.png", false);
        lsp.server.getTextDocumentService().didOpen(new org.eclipse.lsp4j.DidOpenTextDocumentParams(
                new org.eclipse.lsp4j.TextDocumentItem(lsp.uri("assets/logo.png"), "plaintext", 1, "")));
        lsp.sync();
        int edits = lsp.editor.applyEditRequests.size();

        JsonObject rollback = LspFixture.json(LspFixture.await(lsp.execute(RollbackCommand.ID,
                Map.of("checkpointId", deleted.getAsJsonObject("data").get("checkpointId").getAsString()))));

        assertFalse(rollback.get("applied").getAsBoolean());
        assertTrue(rollback.get("reason").getAsString().endsWith("logo.png is open in the editor as text, so its binary"
                + " content was not restored; close it and try again. Nothing was applied"),
                rollback.get("reason").getAsString());
        assertFalse(Files.exists(logo));
        assertEquals(edits, lsp.editor.applyEditRequests.size());
    }

    @Test
    void anUnknownCheckpointIsRefusedNamingIt() {
        ExecutionException failure = assertThrows(ExecutionException.class,
                () -> LspFixture.await(lsp.execute(RollbackCommand.ID, Map.of("checkpointId", "cp-99"))));
        assertTrue(failure.getCause().getMessage().startsWith("agentls.rollback: "), failure.getCause().getMessage());
        assertTrue(failure.getCause().getMessage().contains("cp-99"), failure.getCause().getMessage());
    }

    @Test
    void theEditorsRefusalIsReportedAndNothingIsRetried() throws Exception {
        JsonObject write = runTool("write_to_file", Map.of("target_file", "docs/crlf.txt", "content", "x\n"));
        save("docs/crlf.txt", false);
        lsp.editor.refuseEdits("the user closed the file");
        int before = lsp.editor.applyEditRequests.size();
        JsonObject rollback = LspFixture.json(LspFixture.await(lsp.execute(RollbackCommand.ID,
                Map.of("checkpointId", write.getAsJsonObject("data").get("checkpointId").getAsString()))));
        assertFalse(rollback.get("applied").getAsBoolean());
        assertEquals("the editor refused the edit: the user closed the file", rollback.get("reason").getAsString());
        assertEquals(before + 1, lsp.editor.applyEditRequests.size());
    }
}
