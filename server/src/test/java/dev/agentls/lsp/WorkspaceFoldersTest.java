package dev.agentls.lsp;

import static dev.agentls.lsp.LspFixture.await;
import static dev.agentls.lsp.LspFixture.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.DidChangeWorkspaceFoldersParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.WorkspaceFoldersChangeEvent;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workspace folders confine every edit: none open, and folders added later. */
@Tag("slow")
class WorkspaceFoldersTest {

    static final String EDIT = "------- SEARCH\nold\n=======\nnew\n+++++++ REPLACE\n";

    @TempDir
    Path temp;

    @Test
    void refusesEditsWhenNoWorkspaceFolderIsOpen() throws Exception {
        try (LspFixture lsp = LspFixture.onCopyOf("demo", temp)) {
            lsp.initialize(new InitializeParams());
            ExecutionException thrown = assertThrows(ExecutionException.class,
                    () -> await(lsp.applyEdits("README.md", EDIT)));
            assertTrue(thrown.getCause().getMessage().contains("no workspace folder is open"),
                    thrown.getCause().getMessage());
            assertEquals(0, lsp.editor.applyEditRequests.size());
        }
    }

    @Test
    void advertisesFolderSupportAndFollowsFoldersAddedLater() throws Exception {
        Path other = Files.createDirectories(temp.resolve("other"));
        Path notes = Files.writeString(other.resolve("notes.txt"), "old\n");
        try (LspFixture lsp = LspFixture.onCopyOf("demo", temp)) {
            InitializeResult result = lsp.initialize();
            assertEquals(Boolean.TRUE, result.getCapabilities().getWorkspace().getWorkspaceFolders().getSupported());
            Map<String, Object> arguments = Map.of("uri", notes.toUri().toString(), "diff", EDIT);

            ExecutionException outside = assertThrows(ExecutionException.class,
                    () -> await(lsp.execute(ApplyEditsCommand.ID, arguments)));
            assertTrue(outside.getCause().getMessage().contains("outside the workspace"), outside.getCause().getMessage());

            lsp.server.getWorkspaceService().didChangeWorkspaceFolders(new DidChangeWorkspaceFoldersParams(
                    new WorkspaceFoldersChangeEvent(List.of(new WorkspaceFolder(other.toUri().toString(), "other")),
                            List.of())));
            assertTrue(json(await(lsp.execute(ApplyEditsCommand.ID, arguments))).get("applied").getAsBoolean());
            assertEquals("new\n", lsp.editor.model.buffer(notes.toRealPath().toUri().toString()).orElseThrow().text());
        }
    }
}
