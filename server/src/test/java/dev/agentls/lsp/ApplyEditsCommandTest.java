package dev.agentls.lsp;

import static dev.agentls.lsp.LspFixture.await;
import static dev.agentls.lsp.LspFixture.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.CreateFile;
import org.eclipse.lsp4j.TextDocumentEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agentls.applyEdits} through a real LSP4J client over pipes, on a temp copy of test-workspaces/demo. */
@Tag("slow")
class ApplyEditsCommandTest {

    static final String GREETER = "src/main/java/demo/Greeter.java";

    static final String GREET_EDIT = """
            ------- SEARCH
                public String greet(String name) {
                    return greeting + ", " + name + "!";
                }
            =======
                public String greet(String name) {
                    return greeting + ", " + name.strip() + "!";
                }
            +++++++ REPLACE
            """;

    @TempDir
    Path temp;

    LspFixture lsp;
    String diskText;

    @BeforeEach
    void start() throws Exception {
        lsp = LspFixture.onCopyOf("demo", temp);
        lsp.initialize();
        diskText = Files.readString(lsp.root.resolve(GREETER));
    }

    @AfterEach
    void stop() throws Exception {
        lsp.close();
    }

    @Test
    void landsInTheOpenBufferAtItsVersionAndKeepsUnsavedTyping() throws Exception {
        lsp.open(GREETER, 1);
        String typed = "// typed, not saved\n" + diskText;
        lsp.type(GREETER, typed, 2);

        JsonObject result = json(await(lsp.applyEdits(GREETER, GREET_EDIT)));

        assertTrue(result.get("applied").getAsBoolean(), result.toString());
        JsonArray blocks = result.getAsJsonArray("blocks");
        assertEquals(1, blocks.size());
        JsonObject block = blocks.get(0).getAsJsonObject();
        assertEquals(1, block.get("index").getAsInt());
        assertEquals("exact", block.get("strategy").getAsString());
        assertEquals(15, block.get("startLine").getAsInt());
        assertEquals(17, block.get("endLine").getAsInt());
        assertEquals(GREETER, block.get("file").getAsString());

        String expected = typed.replace("name + \"!\"", "name.strip() + \"!\"");
        assertEquals(expected, lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow().text());
        assertEquals(1, lsp.editor.applyEditRequests.size());
        TextDocumentEdit sent = lsp.editor.applyEditRequests.get(0).getEdit().getDocumentChanges().get(0).getLeft();
        assertEquals(2, sent.getTextDocument().getVersion());
        assertEquals(diskText, Files.readString(lsp.root.resolve(GREETER)), "disk must be untouched");
    }

    @Test
    void resolvesAgainstDiskWhenTheFileIsNotOpenAndSendsNoVersion() throws Exception {
        JsonObject result = json(await(lsp.applyEdits(GREETER, GREET_EDIT)));

        assertTrue(result.get("applied").getAsBoolean(), result.toString());
        WorkspaceEdit edit = lsp.editor.applyEditRequests.get(0).getEdit();
        assertEquals(null, edit.getDocumentChanges().get(0).getLeft().getTextDocument().getVersion());
    }

    @Test
    void createsAFileForAnEmptySearchWithACreateFileOperation() throws Exception {
        String diff = """
                <file-edit filePath="src/main/java/demo/Farewell.java">
                ------- SEARCH
                =======
                package demo;

                class Farewell {}
                +++++++ REPLACE
                </file-edit>
                """;
        lsp.editor.model.open(lsp.uri(GREETER), diskText, 0);

        JsonObject result = json(await(lsp.applyEdits(GREETER, diff)));

        assertTrue(result.get("applied").getAsBoolean(), result.toString());
        String created = lsp.uri("src/main/java/demo/Farewell.java");
        WorkspaceEdit edit = lsp.editor.applyEditRequests.get(0).getEdit();
        CreateFile create = (CreateFile) edit.getDocumentChanges().get(0).getRight();
        assertEquals(created, create.getUri());
        assertFalse(create.getOptions().getOverwrite());
        assertEquals("package demo;\n\nclass Farewell {}\n", lsp.editor.model.buffer(created).orElseThrow().text());
        assertFalse(Files.exists(lsp.root.resolve("src/main/java/demo/Farewell.java")), "the editor creates it, not us");
    }

    @Test
    void reportsTheEditorsRefusalWithItsReasonAndDoesNotRetry() throws Exception {
        lsp.open(GREETER, 1);
        lsp.editor.refuseEdits("the user said no");

        JsonObject result = json(await(lsp.applyEdits(GREETER, GREET_EDIT)));

        assertFalse(result.get("applied").getAsBoolean());
        assertEquals("the editor refused the edit: the user said no", result.get("reason").getAsString());
        assertEquals(1, result.getAsJsonArray("blocks").size(), "the blocks still say where the edit was aimed");
        assertEquals(1, lsp.editor.applyEditRequests.size());
        assertEquals(diskText, lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow().text());
    }

    @Test
    void reportsABufferThatMovedOnWhileTheEditWasInFlight() throws Exception {
        lsp.open(GREETER, 1);
        String typed = diskText + "// typed while the edit was in flight\n";
        lsp.editor.beforeAnswering(params -> lsp.editor.model.open(lsp.uri(GREETER), typed, 2));

        JsonObject result = json(await(lsp.applyEdits(GREETER, GREET_EDIT)));

        assertFalse(result.get("applied").getAsBoolean());
        String reason = result.get("reason").getAsString();
        assertTrue(reason.startsWith("the editor refused the edit: version mismatch"), reason);
        assertTrue(reason.contains("edit is for 1, buffer is at 2"), reason);
        assertEquals(1, lsp.editor.applyEditRequests.size(), "never retried");
        assertEquals(typed, lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow().text());
    }

    @Test
    void appliesEveryFileOfAMultiFileAnswerInOneWorkspaceEdit() throws Exception {
        String main = "src/main/java/demo/Main.java";
        lsp.open(GREETER, 1);
        lsp.open(main, 1);
        String diff = Files.readString(LspFixture.repoRoot().resolve("scripts/demo-edits/greeter.edit"));

        JsonObject result = json(await(lsp.applyEdits(GREETER, diff)));

        assertTrue(result.get("applied").getAsBoolean(), result.toString());
        assertEquals(1, lsp.editor.applyEditRequests.size());
        assertEquals(2, lsp.editor.applyEditRequests.get(0).getEdit().getDocumentChanges().size());
        assertEquals(List.of(GREETER, main), result.getAsJsonArray("blocks").asList().stream()
                .map(b -> b.getAsJsonObject().get("file").getAsString()).toList());
        assertTrue(lsp.editor.model.buffer(lsp.uri(main)).orElseThrow().text().contains("List.of(args)"));
    }

    @Test
    void matchesAgainstTheOpenBufferNotTheDisk() throws Exception {
        lsp.open(GREETER, 1);
        String typed = diskText.replace("Greets people by name.", "Greets people, politely.");
        lsp.type(GREETER, typed, 2);
        String onlyInBuffer = "------- SEARCH\n/** Greets people, politely. */\n=======\n/** Greets. */\n+++++++ REPLACE\n";
        String onlyOnDisk = "------- SEARCH\n/** Greets people by name. */\n=======\n/** Greets. */\n+++++++ REPLACE\n";

        JsonObject applied = json(await(lsp.applyEdits(GREETER, onlyInBuffer)));
        ExecutionException refused = assertThrows(ExecutionException.class,
                () -> await(lsp.applyEdits(GREETER, onlyOnDisk)));

        assertTrue(applied.get("applied").getAsBoolean(), applied.toString());
        assertEquals(typed.replace("Greets people, politely.", "Greets."),
                lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow().text());
        assertTrue(refused.getCause().getMessage().contains("block 1"), refused.getCause().getMessage());
        assertEquals(1, lsp.editor.applyEditRequests.size());
    }
}
