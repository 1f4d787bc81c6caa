package dev.agentls.lsp;

import static dev.agentls.lsp.LspFixture.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10, item 7: an editor that declares {@code workspace.applyEdit} false (Vim's ALE, which then applies a server's
 * edit anyway and never answers) is sent no edit. The command answers at once, not applied, saying why, with the
 * edit for the editor to apply itself and the checkpoint that takes it back; the agent's tools get a refusal.
 */
@Tag("slow")
class EditorWithoutApplyEditTest {

    static final String GREETER = ApplyEditsCommandTest.GREETER;
    static final String DIFF = "------- SEARCH\n/** Greets people by name. */\n=======\n/** Welcomes people by name. */\n"
            + "+++++++ REPLACE\n";
    static final String REASON = "this editor declares that it does not apply edits sent by a server (its"
            + " workspace.applyEdit capability is not true), so none was sent and nothing changed; the edit is in this"
            + " answer's 'edit', for the editor to apply itself";

    /** Long enough that a command which waited on the editor could not pass: these answers need no editor. */
    static final long PROMPT_SECONDS = 5;

    @TempDir
    Path temp;

    LspFixture lsp;

    @AfterEach
    void stop() throws Exception {
        lsp.close();
    }

    private void startDeclaringApplyEdit(Boolean applyEdit) throws Exception {
        lsp = LspFixture.onCopyOf("demo", temp);
        WorkspaceClientCapabilities workspace = new WorkspaceClientCapabilities();
        workspace.setApplyEdit(applyEdit);
        lsp.initialize(workspace);
    }

    private static WorkspaceEdit edit(JsonObject answer) {
        // LSP4J's own Gson, which knows how documentChanges' Either is written.
        Gson gson = new MessageJsonHandler(Map.of()).getGson();
        return gson.fromJson(answer.get("edit"), WorkspaceEdit.class);
    }

    @Test
    void anEditorDeclaringApplyEditFalseIsSentNoEditAndGetsItInTheAnswerAtOnce() throws Exception {
        startDeclaringApplyEdit(false);
        String text = lsp.open(GREETER, 1);
        lsp.sync();

        JsonObject answer = json(lsp.applyEdits(GREETER, DIFF).get(PROMPT_SECONDS, TimeUnit.SECONDS));

        assertFalse(answer.get("applied").getAsBoolean());
        assertEquals(REASON, answer.get("reason").getAsString());
        assertTrue(answer.get("checkpointId").getAsString().startsWith("cp-"), answer.toString());
        assertFalse(answer.has("confirmed"), answer.toString());
        assertTrue(lsp.editor.applyEditRequests.isEmpty(), "no workspace/applyEdit may reach this editor");
        assertEquals(text, lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow().text());
        // The edit handed back is the one the editor would have got: versioned for its buffer, and it applies.
        WorkspaceEdit edit = edit(answer);
        assertEquals(1, edit.getDocumentChanges().get(0).getLeft().getTextDocument().getVersion());
        assertEquals(lsp.uri(GREETER), edit.getDocumentChanges().get(0).getLeft().getTextDocument().getUri());
        assertTrue(lsp.editor.model.apply(edit).isEmpty());
        assertEquals(text.replace("Greets people", "Welcomes people"),
                lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow().text());
        assertEquals(text, Files.readString(lsp.root.resolve(GREETER)), "the disk is never written");
    }

    @Test
    void anEditorThatDeclaresNoApplyEditAtAllIsTreatedTheSame() throws Exception {
        startDeclaringApplyEdit(null);
        lsp.open(GREETER, 1);
        lsp.sync();

        JsonObject answer = json(lsp.applyEdits(GREETER, DIFF).get(PROMPT_SECONDS, TimeUnit.SECONDS));

        assertFalse(answer.get("applied").getAsBoolean());
        assertEquals(REASON, answer.get("reason").getAsString());
        assertTrue(lsp.editor.applyEditRequests.isEmpty());
    }

    @Test
    void theRollbackOfAnEditTheEditorAppliedItselfIsHandedBackTheSameWay() throws Exception {
        startDeclaringApplyEdit(false);
        String text = lsp.open(GREETER, 1);
        lsp.sync();
        JsonObject answer = json(lsp.applyEdits(GREETER, DIFF).get(PROMPT_SECONDS, TimeUnit.SECONDS));
        lsp.editor.model.apply(edit(answer));
        lsp.type(GREETER, lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow().text(), 2);
        lsp.sync();

        JsonObject rollback = json(lsp.execute(RollbackCommand.ID,
                Map.of("checkpointId", answer.get("checkpointId").getAsString())).get(PROMPT_SECONDS, TimeUnit.SECONDS));

        assertFalse(rollback.get("applied").getAsBoolean());
        assertEquals(REASON, rollback.get("reason").getAsString());
        assertTrue(lsp.editor.model.apply(edit(rollback)).isEmpty());
        assertEquals(text, lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow().text());
        assertTrue(lsp.editor.applyEditRequests.isEmpty());
    }

    @Test
    void anAgentToolsChangeIsRefusedForThatEditorNamingWhy() throws Exception {
        startDeclaringApplyEdit(false);
        String text = lsp.open(GREETER, 1);
        lsp.sync();
        LspHost host = lsp.connection.server().session().host();
        Path file = lsp.root.resolve(GREETER).toRealPath();

        ChangeOutcome outcome = host.applyChange(new FileChange.Modify(file, OptionalInt.of(1), text, text + "//\n"))
                .get(PROMPT_SECONDS, TimeUnit.SECONDS);

        assertEquals("this editor declares that it does not apply edits sent by a server (its workspace.applyEdit"
                + " capability is not true), so none was sent and nothing changed",
                assertInstanceOf(ChangeOutcome.Refused.class, outcome).reason());
        assertTrue(lsp.editor.applyEditRequests.isEmpty());
    }

    @Test
    void anEditorThatAppliesTheEditAndNeverAnswersIsAnsweredFromItsBufferReportAtOnce() throws Exception {
        startDeclaringApplyEdit(true);
        String text = lsp.open(GREETER, 1);
        lsp.sync();
        lsp.editor.applyButNeverAnswer();

        JsonObject answer = json(lsp.applyEdits(GREETER, DIFF).get(PROMPT_SECONDS, TimeUnit.SECONDS));

        assertTrue(answer.get("applied").getAsBoolean(), answer.toString());
        assertTrue(answer.get("confirmed").getAsBoolean(), answer.toString());
        assertEquals(1, lsp.editor.applyEditRequests.size());
        assertEquals(text.replace("Greets people", "Welcomes people"),
                lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow().text());
    }

    @Test
    void anEditorThatNeverAnswersNorShowsTheEditIsStillRefusedAfterTheAnswerTimeout() throws Exception {
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        lsp = new LspFixture(root, new StandardSessions(java.time.Duration.ofMillis(300)));
        lsp.initialize();
        lsp.open(GREETER, 1);
        lsp.sync();
        lsp.editor.neverAnswerEdits();

        JsonObject answer = json(lsp.applyEdits(GREETER, DIFF).get(PROMPT_SECONDS, TimeUnit.SECONDS));

        assertFalse(answer.get("applied").getAsBoolean(), answer.toString());
        assertEquals("the editor did not answer the edit within 300 ms; the request was cancelled, but check the buffer"
                + " before trying again", answer.get("reason").getAsString());
    }
}
