package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's command sees the run's edits: an editor that declares {@code agentlsSave} is asked to save the buffers the
 * run changed (after the approval, which names them), and the model is told what was saved; an editor that cannot
 * save (Helix) is told in the approval which files hold unsaved edits, and the model that the command saw the disk
 * without them; a save answered with an error or never answered is given up at its bound and said to the model.
 */
@Tag("slow")
class CommandsSeeTheRunsEditsTest {

    static final String GREP = "grep -c strip " + RunFixture.GREETER;

    @TempDir
    Path temp;

    private static ReplayAnswers fixThenTest() {
        return new ReplayAnswers()
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", AgentRunCommandsTest.FIX)
                .call("execute_command", "command", GREP, "requires_approval", true)
                .complete("Fixed and checked.");
    }

    private static String commandResult(RunFixture lsp) {
        return lsp.editor.events.stream().filter(e -> e.get("type").getAsString().equals("tool_result")
                        && e.get("name").getAsString().equals("execute_command"))
                .map(e -> e.get("text").getAsString()).findFirst().orElseThrow();
    }

    @Test
    void aSavingEditorSavesTheChangedBufferAfterTheApprovalNamingItAndTheCommandSeesTheEdit() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07().declaringSave(), fixThenTest())) {
            lsp.open(RunFixture.GREETER);
            lsp.editor.pickButtons(params -> EditorAsking.ALLOW_ONCE);
            lsp.answer("agentls.run", Map.of("prompt", "trim names"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));

            String approval = lsp.editor.requests.get(0).getMessage();
            assertTrue(approval.contains("Before it runs, the editor saves the files this run changed: "
                    + RunFixture.GREETER + "."), approval);
            assertEquals(1, lsp.editor.saveRequests.size());
            assertEquals(lsp.uri(RunFixture.GREETER),
                    lsp.editor.saveRequests.get(0).getAsJsonArray("uris").get(0).getAsString());
            String result = commandResult(lsp);
            assertTrue(result.startsWith("Saved in the editor before the command ran: " + RunFixture.GREETER + "."),
                    result);
            assertTrue(result.contains("Exit code 0.\n1"), "the command counted the edited line: " + result);
            assertEquals(lsp.editor.model.buffer(lsp.uri(RunFixture.GREETER)).orElseThrow().text(),
                    Files.readString(lsp.root.resolve(RunFixture.GREETER)), "disk holds the buffer");
        }
    }

    @Test
    void helixIsToldWhichFilesHoldUnsavedEditsAndTheModelThatTheCommandSawTheDiskWithoutThem() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix().declaring(true, false), fixThenTest())) {
            lsp.open(RunFixture.GREETER);
            lsp.answer("agentls.run", Map.of("prompt", "trim names"));
            lsp.editor.awaitShown(text -> text.contains("waits for your approval"));
            JsonObject asked = lsp.editor.events.stream()
                    .filter(e -> e.get("type").getAsString().equals("approval_requested")).findFirst().orElseThrow();
            assertTrue(asked.get("detail").getAsString().contains("Unsaved edits in " + RunFixture.GREETER
                    + ": the command sees the files on disk, without them. Save them first (:w in Helix"), asked.toString());
            lsp.answer("agentls.approve", Map.of("runId", "1"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));

            String result = commandResult(lsp);
            assertTrue(result.startsWith("Unsaved when the command ran (this editor cannot be asked to save), so the"
                    + " command saw the disk without this run's edits to: " + RunFixture.GREETER + "."), result);
            assertTrue(result.contains("Exit code 1.\n0"), "the disk still lacks the edit: " + result);
            assertEquals(0, lsp.editor.saveRequests.size(), "Helix is never asked to save");
        }
    }

    @Test
    void aSaveAnsweredWithAnErrorIsSaidToTheModelAndTheCommandStillRuns() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07().declaringSave(), fixThenTest())) {
            lsp.open(RunFixture.GREETER);
            lsp.editor.saving = RunEditor.Saving.FAIL;
            lsp.editor.pickButtons(params -> EditorAsking.ALLOW_ONCE);
            lsp.answer("agentls.run", Map.of("prompt", "trim names"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));

            String result = commandResult(lsp);
            assertTrue(result.startsWith("Unsaved when the command ran (the editor answered the save request with an"
                    + " error: E212: Can't open file for writing)"), result);
            assertTrue(result.contains(RunFixture.GREETER + ". Its output does not reflect those edits."), result);
        }
    }

    @Test
    void aSaveNeverAnsweredIsGivenUpAtItsBoundAndSaidToTheModel() throws Exception {
        EditorWaits shortSave = new EditorWaits(Duration.ofMillis(300), Duration.ofSeconds(2), Duration.ofMillis(50));
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07().declaringSave(), fixThenTest(), () -> { },
                "", "test-model", shortSave)) {
            lsp.open(RunFixture.GREETER);
            lsp.editor.saving = RunEditor.Saving.NEVER_ANSWER;
            lsp.editor.pickButtons(params -> EditorAsking.ALLOW_ONCE);
            lsp.answer("agentls.run", Map.of("prompt", "trim names"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));

            String result = commandResult(lsp);
            assertTrue(result.startsWith("Unsaved when the command ran (the editor did not answer the save request"
                    + " within 300 ms)"), result);
            assertTrue(result.contains("Exit code 1.\n0"), result);
        }
    }
}
