package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * agentls.el in a real Emacs with an {@code agentls-command} that does not exist: opening a file says the command
 * could not start and leaves {@code agentls-mode} off, and {@code M-x agentls-run} says the server is not running,
 * never jsonrpc's internal "No applicable method".
 */
@Tag("slow")
class AgentlsElWrongCommandTest {

    @TempDir
    Path temp;

    @Test
    void aWrongCommandSaysItCouldNotStartLeavesTheModeOffAndAgentlsRunSaysTheServerIsNotRunning() throws Exception {
        HeadlessEditor.require("Emacs", "AGENTLS_REQUIRE_EMACS",
                List.of("emacs", "--batch", "-q", "--eval", "(require 'jsonrpc)"));
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("setup_dir", HeadlessEditor.setup("emacs").toString());
        params.put("file", root.resolve(EmacsWholeTaskTest.GREETER).toString());

        HeadlessEditor.Outcome outcome = HeadlessEditor.run("/emacs/wrong-command.el",
                List.of("emacs", "--batch", "-q", "-l", "{driver}"), "AGENTLS_EMACS_PARAMS", params, temp);

        String opening = outcome.text("opening");
        assertTrue(opening.startsWith("AgentLS: could not start agentls-command (\"/nonexistent/agentls\" \"lsp\"): "),
                outcome.describe());
        assertTrue(opening.contains("No such file or directory"), opening);
        assertFalse(outcome.report().get("mode_after_opening").getAsBoolean(), outcome.describe());
        String run = outcome.text("run");
        assertTrue(run.startsWith("AgentLS: the server is not running (AgentLS: could not start agentls-command"),
                run);
        assertFalse(run.contains("No applicable method"), run);
        assertEquals(false, outcome.report().get("mode_after_run").getAsBoolean());
    }
}
