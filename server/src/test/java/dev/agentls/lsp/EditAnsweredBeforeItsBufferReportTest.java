package dev.agentls.lsp;

import dev.agentls.session.Tools;
import static dev.agentls.lsp.LspFixture.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;
import org.eclipse.lsp4j.WorkspaceEditCapabilities;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10, item 8: Emacs (eglot, lsp-mode) sends buffer changes only once it is idle, and a command blocks it, so the
 * report that would confirm an edit cannot come while the command waits. An editor that declares versioned edits is
 * answered as soon as it says it applied the edit: confirmed when its report is already in, else applied but not
 * confirmed, saying why. Other editors are waited for, briefly. A report that comes later and contradicts the answer
 * is shown to the user.
 */
@Tag("slow")
class EditAnsweredBeforeItsBufferReportTest {

    static final String GREETER = ApplyEditsCommandTest.GREETER;
    static final String DIFF = EditorWithoutApplyEditTest.DIFF;

    /** Far longer than any answer here may take, so a command that waited for the report would fail the test. */
    static final Duration LONG_REPORT_WAIT = Duration.ofSeconds(60);

    @TempDir
    Path temp;

    LspFixture lsp;
    final ExecutorService background = Executors.newCachedThreadPool();

    @AfterEach
    void stop() throws Exception {
        lsp.close();
        background.shutdownNow();
    }

    private void start(Duration reportWait, boolean versionedEdits) throws Exception {
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        lsp = new LspFixture(root, new StandardSessions(Duration.ofMinutes(1), reportWait, Tools.NONE,
                background));
        WorkspaceClientCapabilities workspace = new WorkspaceClientCapabilities();
        workspace.setApplyEdit(true);
        if (versionedEdits) {
            WorkspaceEditCapabilities edits = new WorkspaceEditCapabilities();
            edits.setDocumentChanges(true);
            workspace.setWorkspaceEdit(edits);
        }
        lsp.initialize(workspace);
    }

    @Test
    void anEditorDeclaringVersionedEditsThatReportsOnlyAfterTheCommandIsAnsweredAppliedButNotConfirmedAtOnce()
            throws Exception {
        start(LONG_REPORT_WAIT, true);
        String text = lsp.open(GREETER, 1);
        lsp.sync();
        lsp.editor.withholdChanges();

        JsonObject answer = json(lsp.applyEdits(GREETER, DIFF).get(10, TimeUnit.SECONDS));

        assertTrue(answer.get("applied").getAsBoolean(), answer.toString());
        assertFalse(answer.get("confirmed").getAsBoolean(), answer.toString());
        assertEquals("the editor answered that it applied the edit, but the server has not seen it: the editor had"
                + " not reported its buffer of Greeter.java since the edit when it answered (some editors send buffer"
                + " changes only once the command is over). Read the file again before relying on it",
                answer.get("note").getAsString());
        assertFalse(answer.has("reason"), answer.toString());
        assertEquals(text.replace("Greets people", "Welcomes people"),
                lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow().text());
    }

    @Test
    void anEditorDeclaringVersionedEditsThatReportedBeforeAnsweringIsConfirmed() throws Exception {
        start(LONG_REPORT_WAIT, true);
        lsp.open(GREETER, 1);
        lsp.sync();

        JsonObject answer = json(lsp.applyEdits(GREETER, DIFF).get(10, TimeUnit.SECONDS));

        assertTrue(answer.get("applied").getAsBoolean(), answer.toString());
        assertTrue(answer.get("confirmed").getAsBoolean(), answer.toString());
        assertFalse(answer.has("note"), answer.toString());
    }

    @Test
    void anEditorWithoutVersionedEditsIsWaitedForBrieflyThenAnsweredNotConfirmed() throws Exception {
        start(Duration.ofMillis(200), false);
        lsp.open(GREETER, 1);
        lsp.sync();
        lsp.editor.withholdChanges();

        JsonObject answer = json(lsp.applyEdits(GREETER, DIFF).get(10, TimeUnit.SECONDS));

        assertTrue(answer.get("applied").getAsBoolean(), answer.toString());
        assertFalse(answer.get("confirmed").getAsBoolean(), answer.toString());
        assertTrue(answer.get("note").getAsString().contains("had not reported its buffer of Greeter.java since the"
                + " edit within 200 ms of its answer"), answer.toString());
    }

    @Test
    void anEditToAFileThatIsNotOpenIsNotConfirmedAndSaysSo() throws Exception {
        start(LONG_REPORT_WAIT, true);

        JsonObject answer = json(lsp.applyEdits(GREETER, DIFF).get(10, TimeUnit.SECONDS));

        assertTrue(answer.get("applied").getAsBoolean(), answer.toString());
        assertFalse(answer.get("confirmed").getAsBoolean(), answer.toString());
        assertEquals("the editor answered that it applied the edit, but the server has not seen it: Greeter.java is"
                + " not open in the editor, so no buffer report can show the edit. Read the file again before relying"
                + " on it", answer.get("note").getAsString());
    }

    @Test
    void aReportArrivingAfterTheAnswerThatDoesNotShowTheEditIsShownAsAWarning() throws Exception {
        start(LONG_REPORT_WAIT, true);
        String text = lsp.open(GREETER, 1);
        lsp.sync();
        lsp.editor.withholdChanges();
        JsonObject answer = json(lsp.applyEdits(GREETER, DIFF).get(10, TimeUnit.SECONDS));
        assertFalse(answer.get("confirmed").getAsBoolean(), answer.toString());

        // The editor's late report: its buffer is as it was, the edit nowhere in it.
        lsp.didChange(GREETER, text, 2);

        MessageParams warning = lsp.editor.firstShownMessage.get(10, TimeUnit.SECONDS);
        assertEquals(MessageType.Warning, warning.getType());
        assertEquals("AgentLS: an edit was answered as applied to Greeter.java, but the editor's later report of that"
                + " buffer does not show it as planned (reverted); check the file", warning.getMessage());
    }

    @Test
    void aLateReportThatShowsTheEditWarnsNobody() throws Exception {
        start(LONG_REPORT_WAIT, true);
        String text = lsp.open(GREETER, 1);
        lsp.sync();
        lsp.editor.withholdChanges();
        json(lsp.applyEdits(GREETER, DIFF).get(10, TimeUnit.SECONDS));

        lsp.didChange(GREETER, text.replace("Greets people", "Welcomes people"), 2);
        lsp.sync();
        lsp.didChange(GREETER, text, 3);
        lsp.sync();

        assertTrue(lsp.editor.shownMessages.isEmpty(), lsp.editor.shownMessages.toString());
    }
}
