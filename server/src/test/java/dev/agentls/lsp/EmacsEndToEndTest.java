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
 * Emacs 28 headless ({@code emacs --batch}) as a real client, through eglot and through lsp-mode, each with the user
 * set-up in {@code editors/emacs/}: a refused edit shows its reason and changes nothing; an edit lands in the unsaved
 * buffer after the user's typing, the command answers in under 2 s (Emacs is frozen while it waits), and one undo
 * takes it back. See {@code emacs/drive.el} for the driver.
 */
@Tag("slow")
class EmacsEndToEndTest {

    static final String GREETER = NeovimEndToEndTest.GREETER;
    static final String DIFF = EditorWithoutApplyEditTest.DIFF;
    static final String NOT_FOUND = "------- SEARCH\n    int missing() {}\n=======\n    int found() {}\n+++++++ REPLACE\n";

    @TempDir
    Path temp;

    Path root;

    @BeforeEach
    void copyWorkspace() throws Exception {
        root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
    }

    private static void requireEmacsWith(String library) {
        HeadlessEditor.require("Emacs with " + library, "AGENTLS_REQUIRE_EMACS",
                List.of("emacs", "--batch", "-q", "--eval", "(require '" + library + ")"));
    }

    private HeadlessEditor.Outcome run(String client) throws Exception {
        return run(client, false);
    }

    private HeadlessEditor.Outcome run(String client, boolean thenRollback) throws Exception {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("then_rollback", thenRollback);
        params.put("setup_dir", HeadlessEditor.setup("emacs").toString());
        params.put("client", client);
        params.put("server_cmd", List.of(HeadlessEditor.serverScript(temp).toString()));
        params.put("root", root.toString());
        params.put("file", root.resolve(GREETER).toString());
        params.put("typing", "// typed in Emacs, not saved\n");
        params.put("refused_edit", NOT_FOUND);
        params.put("command", "apply");
        params.put("edit", DIFF);
        params.put("state_dir", Files.createDirectories(temp.resolve("state")).toString());
        return HeadlessEditor.run("/emacs/drive.el", List.of("emacs", "--batch", "-q", "-l", "{driver}"),
                "AGENTLS_EMACS_PARAMS", params, temp);
    }

    /** What every Emacs client must show; returns the edit command's result. */
    private JsonObject assertEditLandsAndUndoes(HeadlessEditor.Outcome outcome) throws Exception {
        String disk = Files.readString(root.resolve(GREETER));
        String typed = "// typed in Emacs, not saved\n" + disk;
        assertNull(outcome.text("failure"), outcome.describe());
        assertEquals(0, outcome.exitCode(), outcome.describe());
        // The refusal, with its reason, and nothing changed.
        String refusal = outcome.text("refusal_message");
        assertTrue(refusal.startsWith("AgentLS: " + GREETER + ": ") && refusal.contains("block 1"), outcome.describe());
        assertEquals(typed, outcome.text("after_refusal"));
        // The edit, in the unsaved buffer, after the typing; answered promptly; one undo takes it back.
        assertEquals(typed, outcome.text("before"));
        assertEquals(typed.replace("Greets people", "Welcomes people"), outcome.text("after"), outcome.describe());
        assertTrue(outcome.report().get("modified").getAsBoolean());
        long elapsed = outcome.report().get("elapsed_ms").getAsLong();
        assertTrue(elapsed < 2000, "the command froze Emacs for " + elapsed + " ms");
        assertEquals(typed, outcome.text("after_undo"), outcome.describe());
        assertEquals(disk, Files.readString(root.resolve(GREETER)), "the disk is never written");
        JsonObject result = outcome.report().getAsJsonObject("answer").getAsJsonObject("result");
        assertTrue(result.get("applied").getAsBoolean(), outcome.describe());
        JsonObject block = result.getAsJsonArray("blocks").get(0).getAsJsonObject();
        assertEquals(6, block.get("startLine").getAsInt(), "planned on the buffer with its typing");
        assertTrue(result.get("checkpointId").getAsString().startsWith("cp-"));
        return result;
    }

    @Test
    void eglotAppliesTheEditInTheUnsavedBufferAnswersAtOnceUnconfirmedAndUndoesInOneStep() throws Exception {
        requireEmacsWith("eglot");

        HeadlessEditor.Outcome outcome = run("eglot");

        JsonObject result = assertEditLandsAndUndoes(outcome);
        // eglot reports the buffer only once Emacs is idle again, after the answer: so it is said, not claimed.
        assertFalse(result.get("confirmed").getAsBoolean(), outcome.describe());
        assertEquals("AgentLS: applied 1 block(s), not confirmed: " + result.get("note").getAsString(),
                outcome.text("message"));
        assertTrue(result.get("note").getAsString().contains("had not reported its buffer of Greeter.java"));
    }

    @Test
    void lspModeAppliesTheEditInTheUnsavedBufferConfirmedAndUndoesInOneStep() throws Exception {
        requireEmacsWith("lsp-mode");

        HeadlessEditor.Outcome outcome = run("lsp-mode");

        JsonObject result = assertEditLandsAndUndoes(outcome);
        // lsp-mode sends its pending buffer changes before any message, its answer to the edit included.
        assertTrue(result.get("confirmed").getAsBoolean(), outcome.describe());
        assertEquals("AgentLS: applied 1 block(s)", outcome.text("message"));
    }

    @Test
    void eglotTakesTheEditBackWithAgentlsRollbackToTheUnsavedTyping() throws Exception {
        requireEmacsWith("eglot");
        String disk = Files.readString(root.resolve(GREETER));
        String typed = "// typed in Emacs, not saved\n" + disk;

        HeadlessEditor.Outcome outcome = run("eglot", true);

        assertNull(outcome.text("failure"), outcome.describe());
        assertEquals(typed.replace("Greets people", "Welcomes people"), outcome.text("after"), outcome.describe());
        assertTrue(outcome.text("rollback_message").startsWith("AgentLS: restored src/main/java/demo/Greeter.java"),
                outcome.describe());
        assertEquals(typed, outcome.text("after_rollback"), outcome.describe());
        assertEquals(disk, Files.readString(root.resolve(GREETER)), "the disk is never written");
    }
}
