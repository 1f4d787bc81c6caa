package dev.agentls.lsp;

import static dev.agentls.lsp.LspFixture.await;
import static dev.agentls.lsp.LspFixture.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.TextDocumentItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An edit names the buffer exactly as the editor did, whatever path the server resolved it to. */
class EditorUrisTest {

    static final String EDIT = "------- SEARCH\nold line\n=======\nnew line\n+++++++ REPLACE\n";

    @TempDir
    Path temp;

    @Test
    void editsAnOpenBufferUnderTheSymlinkedUriTheEditorUsed() throws Exception {
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        Path link = Files.createSymbolicLink(temp.resolve("linked"), root);
        Files.writeString(root.resolve("notes.txt"), "old line\n");
        try (LspFixture lsp = new LspFixture(link)) {
            lsp.initialize();
            lsp.open("notes.txt", 3);

            assertTrue(json(await(lsp.applyEdits("notes.txt", EDIT))).get("applied").getAsBoolean());

            String sentUri = lsp.editor.applyEditRequests.get(0).getEdit().getDocumentChanges().get(0).getLeft()
                    .getTextDocument().getUri();
            assertEquals(lsp.uri("notes.txt"), sentUri);
            assertTrue(sentUri.contains("/linked/"), sentUri);
            assertEquals("new line\n", lsp.editor.model.buffer(sentUri).orElseThrow().text());
        }
    }

    @Test
    void editsAFileWhoseNameNeedsPercentEncoding() throws Exception {
        try (LspFixture lsp = LspFixture.onCopyOf("demo", temp)) {
            lsp.initialize();
            Path file = Files.writeString(lsp.root.resolve("my notes #1.txt"), "old line\n");
            String uri = file.toUri().toString();
            assertTrue(uri.contains("my%20notes%20%231.txt"), uri);
            lsp.editor.model.open(uri, "old line\n", 1);
            lsp.server.getTextDocumentService().didOpen(
                    new DidOpenTextDocumentParams(new TextDocumentItem(uri, "plaintext", 1, "old line\n")));

            assertTrue(json(await(lsp.execute(ApplyEditsCommand.ID, Map.of("uri", uri, "diff", EDIT))))
                    .get("applied").getAsBoolean());

            assertEquals("new line\n", lsp.editor.model.buffer(uri).orElseThrow().text());
            assertEquals(1, lsp.editor.applyEditRequests.get(0).getEdit().getDocumentChanges().get(0).getLeft()
                    .getTextDocument().getVersion());
        }
    }
}
