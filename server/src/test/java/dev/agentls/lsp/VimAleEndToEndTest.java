package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Vim 9 with ALE, headless ({@code vim -es}), as a real client with the user set-up {@code editors/vim/agentls.vim}.
 * ALE declares a fixed {@code workspace.applyEdit: false}; the set-up handles the server's edits itself with ALE's own
 * code and says so in initializationOptions, so the edit is sent: a refused edit shows its reason and changes nothing;
 * an edit lands in the unsaved buffer after the user's typing, answered in under 2 s, and one undo takes it back.
 * See {@code vim/drive.vim} for the driver, {@link VimAleWholeRunTest} for a whole run.
 */
@Tag("slow")
class VimAleEndToEndTest {

    static final String GREETER = NeovimEndToEndTest.GREETER;

    @TempDir
    Path temp;

    Path root;

    @BeforeEach
    void copyWorkspace() throws Exception {
        HeadlessEditor.require("Vim with ALE", "AGENTLS_REQUIRE_VIM",
                List.of("vim", "-N", "-u", "NONE", "-i", "NONE", "-es", "-c", "packadd ale", "-c", "qall!"));
        root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
    }

    private HeadlessEditor.Outcome run(Path file, String command, String edit) throws Exception {
        return run(file, command, edit, false);
    }

    private HeadlessEditor.Outcome run(Path file, String command, String edit, boolean thenRollback)
            throws Exception {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("then_rollback", thenRollback);
        params.put("setup", HeadlessEditor.setup("vim").resolve("agentls.vim").toString());
        params.put("server_cmd", HeadlessEditor.serverScript(temp).toString());
        params.put("root", root.toString());
        params.put("file", file.toString());
        params.put("typing_keys", "ggO// typed in Vim, not saved\u001b");
        params.put("refused_edit", EmacsEndToEndTest.NOT_FOUND);
        params.put("command", command);
        params.put("edit", edit);
        return HeadlessEditor.run("/vim/drive.vim",
                List.of("vim", "-N", "-u", "NONE", "-i", "NONE", "-n", "-es", "-S", "{driver}"),
                "AGENTLS_VIM_PARAMS", params, temp);
    }

    @Test
    void theSetUpAppliesTheServersEditToTheUnsavedBufferAnswersItAtOnceAndItUndoesInOneStep() throws Exception {
        Path file = root.resolve(GREETER);
        String disk = Files.readString(file);
        String typed = "// typed in Vim, not saved\n" + disk;

        HeadlessEditor.Outcome outcome = run(file, "apply", EditorWithoutApplyEditTest.DIFF);

        assertNull(outcome.text("failure"), outcome.describe());
        assertEquals(0, outcome.exitCode(), outcome.describe());
        String refusal = outcome.text("refusal_message");
        assertTrue(refusal.startsWith("AgentLS: " + GREETER + ": ") && refusal.contains("block 1"), outcome.describe());
        assertEquals(typed, outcome.text("after_refusal"));
        assertEquals(typed, outcome.text("before"));
        assertEquals(typed.replace("Greets people", "Welcomes people"), outcome.text("after"), outcome.describe());
        assertEquals(1, outcome.report().get("modified").getAsInt(), "the buffer is left unsaved");
        long elapsed = outcome.report().get("elapsed_ms").getAsLong();
        assertTrue(elapsed < 2000, "the command took " + elapsed + " ms");
        assertEquals(typed, outcome.text("after_undo"), outcome.describe());
        assertEquals(disk, Files.readString(file), "the disk is never written");
        JsonObject result = outcome.report().getAsJsonObject("answer").getAsJsonObject("result");
        assertTrue(result.get("applied").getAsBoolean(), "the set-up answered the server's workspace/applyEdit");
        assertTrue(result.get("confirmed").getAsBoolean(), "ALE's report of the buffer showed the edit: " + result);
        assertFalse(result.has("edit"), "the edit was sent, not handed back: " + result);
        assertEquals("AgentLS: applied 1 block(s)", outcome.text("message"));
    }

    @Test
    void aleAppliesALazyEditTheSameWay() throws Exception {
        Path file = root.resolve(ApplyLazyEditCommandTest.STATS);
        String disk = Files.readString(file);
        String typed = "// typed in Vim, not saved\n" + disk;

        HeadlessEditor.Outcome outcome = run(file, "lazy", ApplyLazyEditCommandTest.ADD_COUNT);

        assertNull(outcome.text("failure"), outcome.describe());
        assertEquals(typed.replace("min(self.values)\n", "min(self.values)\n\n    def count(self):\n"
                + "        return len(self.values)\n"), outcome.text("after"), outcome.describe());
        assertEquals(typed, outcome.text("after_undo"), outcome.describe());
        assertEquals(disk, Files.readString(file));
    }

    @Test
    void aleTakesTheEditBackWithAgentRollbackToTheUnsavedTyping() throws Exception {
        Path file = root.resolve(GREETER);
        String disk = Files.readString(file);
        String typed = "// typed in Vim, not saved\n" + disk;

        HeadlessEditor.Outcome outcome = run(file, "apply", EditorWithoutApplyEditTest.DIFF, true);

        assertNull(outcome.text("failure"), outcome.describe());
        assertEquals(typed.replace("Greets people", "Welcomes people"), outcome.text("after"), outcome.describe());
        assertEquals("AgentLS: applied, restored " + GREETER, outcome.text("rollback_message"), outcome.describe());
        assertEquals(typed, outcome.text("after_rollback"), outcome.describe());
        assertEquals(disk, Files.readString(file), "the disk is never written");
    }
}
