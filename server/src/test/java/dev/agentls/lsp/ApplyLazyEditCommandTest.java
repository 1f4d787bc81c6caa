package dev.agentls.lsp;

import static dev.agentls.lsp.LspFixture.await;
import static dev.agentls.lsp.LspFixture.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.TextDocumentEdit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agentls.applyLazyEdit} through a real LSP4J client over pipes, on a temp copy of test-workspaces/demo. */
class ApplyLazyEditCommandTest {

    static final String STATS = "scripts/stats.py";

    static final String ADD_COUNT = """
            # ... existing code ...
            class Stats:
                # ... existing code ...

                def count(self):
                    return len(self.values)

            # ... existing code ...
            """;

    @TempDir
    Path temp;

    LspFixture lsp;
    String diskText;

    @BeforeEach
    void start() throws Exception {
        lsp = LspFixture.onCopyOf("demo", temp);
        lsp.initialize();
        diskText = Files.readString(lsp.root.resolve(STATS));
    }

    @AfterEach
    void stop() throws Exception {
        lsp.close();
    }

    private CompletableFuture<Object> applyLazy(String codeEdit) {
        return lsp.execute(ApplyLazyEditCommand.ID, Map.of("uri", lsp.uri(STATS), "codeEdit", codeEdit));
    }

    @Test
    void mergesIntoTheOpenBufferAtItsVersionKeepingUnsavedTyping() throws Exception {
        lsp.open(STATS, 1);
        String typed = "# typed, not saved\n" + diskText;
        lsp.type(STATS, typed, 2);

        JsonObject result = json(await(applyLazy(ADD_COUNT)));

        assertTrue(result.get("applied").getAsBoolean(), result.toString());
        JsonObject block = result.getAsJsonArray("blocks").get(0).getAsJsonObject();
        assertEquals("lazy", block.get("strategy").getAsString());
        assertEquals(15, block.get("startLine").getAsInt(), "the line it follows, typing included");
        assertEquals(STATS, block.get("file").getAsString());
        String expected = typed.replace("min(self.values)\n", "min(self.values)\n\n    def count(self):\n"
                + "        return len(self.values)\n");
        assertEquals(expected, lsp.editor.model.buffer(lsp.uri(STATS)).orElseThrow().text());
        TextDocumentEdit sent = lsp.editor.applyEditRequests.get(0).getEdit().getDocumentChanges().get(0).getLeft();
        assertEquals(2, sent.getTextDocument().getVersion());
        assertEquals(1, sent.getEdits().size(), "one minimal insertion, not the whole file");
        assertEquals(diskText, Files.readString(lsp.root.resolve(STATS)), "disk must be untouched");
    }

    @Test
    void refusalIsAnErrorWithItsFactsAndSendsNothing() throws Exception {
        String lonely = "# ... existing code ...\ndef median(values):\n    return 0\n# ... existing code ...\n";

        ExecutionException placed = assertThrows(ExecutionException.class, () -> await(applyLazy(lonely)));

        String message = placed.getCause().getMessage();
        assertTrue(message.contains(STATS + ": cannot place edit line 2 `def median(values):`"), message);
        assertEquals(0, lsp.editor.applyEditRequests.size());
        ExecutionException missing = assertThrows(ExecutionException.class, () -> await(
                lsp.execute(ApplyLazyEditCommand.ID, Map.of("uri", lsp.uri(STATS)))));
        assertTrue(missing.getCause().getMessage().contains("codeEdit"), missing.getCause().getMessage());
    }
}
