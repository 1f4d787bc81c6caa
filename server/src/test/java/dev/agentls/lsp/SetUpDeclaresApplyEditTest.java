package dev.agentls.lsp;

import static dev.agentls.lsp.LspFixture.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A set-up that handles {@code workspace/applyEdit} for a client that declares it cannot (ALE's fixed
 * {@code applyEdit: false}) says so in initializationOptions ({@code "client": {"applyEdit": true}} beside the
 * {@code agentls} section): the edits are then sent, and land. A bad declaration declares nothing and is named.
 */
class SetUpDeclaresApplyEditTest {

    @TempDir
    Path temp;

    LspFixture lsp;

    @AfterEach
    void stop() throws Exception {
        lsp.close();
    }

    /** Initializes as ALE does (applyEdit false), with {@code options} as initializationOptions. */
    private void startAsAle(String options) throws Exception {
        lsp = LspFixture.onCopyOf("demo", temp);
        InitializeParams params = new InitializeParams();
        params.setWorkspaceFolders(List.of(new WorkspaceFolder(lsp.root.toUri().toString(), "demo")));
        ClientCapabilities capabilities = new ClientCapabilities();
        WorkspaceClientCapabilities workspace = new WorkspaceClientCapabilities();
        workspace.setApplyEdit(false);
        capabilities.setWorkspace(workspace);
        params.setCapabilities(capabilities);
        params.setInitializationOptions(JsonParser.parseString(options));
        lsp.initialize(params);
    }

    @Test
    void aSetUpDeclaringApplyEditInInitializationOptionsIsSentTheEditWhichLandsInTheBuffer() throws Exception {
        startAsAle("{\"agentls\": {}, \"client\": {\"applyEdit\": true}}");
        String text = lsp.open(EditorWithoutApplyEditTest.GREETER, 1);
        lsp.sync();

        JsonObject answer = json(lsp.applyEdits(EditorWithoutApplyEditTest.GREETER, EditorWithoutApplyEditTest.DIFF)
                .get(EditorWithoutApplyEditTest.PROMPT_SECONDS, TimeUnit.SECONDS));

        assertTrue(answer.get("applied").getAsBoolean(), answer.toString());
        assertFalse(answer.has("edit"), "the edit went to the editor, not into the answer: " + answer);
        assertEquals(1, lsp.editor.applyEditRequests.size());
        assertEquals(text.replace("Greets people", "Welcomes people"),
                lsp.editor.model.buffer(lsp.uri(EditorWithoutApplyEditTest.GREETER)).orElseThrow().text());
        assertEquals(text, Files.readString(lsp.root.resolve(EditorWithoutApplyEditTest.GREETER)));
    }

    @Test
    void aDeclarationThatIsNotABooleanDeclaresNothingAndIsNamedInTheLog() throws Exception {
        startAsAle("{\"agentls\": {}, \"client\": {\"applyEdit\": \"yes\"}}");
        lsp.open(EditorWithoutApplyEditTest.GREETER, 1);
        lsp.sync();

        JsonObject answer = json(lsp.applyEdits(EditorWithoutApplyEditTest.GREETER, EditorWithoutApplyEditTest.DIFF)
                .get(EditorWithoutApplyEditTest.PROMPT_SECONDS, TimeUnit.SECONDS));

        assertFalse(answer.get("applied").getAsBoolean(), answer.toString());
        assertEquals(EditorWithoutApplyEditTest.REASON, answer.get("reason").getAsString());
        assertTrue(lsp.editor.applyEditRequests.isEmpty());
        assertTrue(lsp.editor.logMessages.stream().map(MessageParams::getMessage).anyMatch(message -> message.contains(
                "initializationOptions.client.applyEdit: expected true or false, got \"yes\"; nothing declared")),
                lsp.editor.logMessages.toString());
    }

    @Test
    void aClientEntryWithoutApplyEditIsNamedAndDeclaresNothing() throws Exception {
        startAsAle("{\"agentls\": {}, \"client\": [1, 2]}");
        lsp.open(EditorWithoutApplyEditTest.GREETER, 1);
        lsp.sync();

        JsonObject answer = json(lsp.applyEdits(EditorWithoutApplyEditTest.GREETER, EditorWithoutApplyEditTest.DIFF)
                .get(EditorWithoutApplyEditTest.PROMPT_SECONDS, TimeUnit.SECONDS));

        assertFalse(answer.get("applied").getAsBoolean(), answer.toString());
        assertTrue(lsp.editor.logMessages.stream().map(MessageParams::getMessage).anyMatch(message -> message.contains(
                "initializationOptions.client: expected {\"applyEdit\": true} or {\"agentlsSave\": true}, got [1,2];"
                        + " nothing declared")),
                lsp.editor.logMessages.toString());
    }
}
