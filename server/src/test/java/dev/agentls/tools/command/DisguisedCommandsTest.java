package dev.agentls.tools.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.tools.TestWorkspace;
import dev.agentls.tools.WorkspacePathGuard;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disguised commands of a hostile model (interpreters given code, scripts, environment that runs code, dynamic
 * command words, read-only commands with writing options, git that writes): the checker lets none run unasked, and
 * every approval names at least one reason.
 */
class DisguisedCommandsTest {

    @TempDir
    Path temp;

    private CommandSafety safety;

    @BeforeEach
    void setUp() throws Exception {
        Path root = TestWorkspace.copy("tools", temp);
        safety = new CommandSafety(root, Files.createDirectories(temp.resolve("home")),
                new WorkspacePathGuard(new WorkspaceRoots(List.of(root)), new PathPolicy()));
    }

    @Test
    void noDisguisedCommandRunsUnaskedAndEachApprovalSaysWhy() throws Exception {
        List<String> corpus = CommandSafetyCorpusTest.corpus("disguised.txt");
        assertTrue(corpus.size() >= 100, "the disguised corpus has " + corpus.size() + " commands");
        List<String> unasked = new ArrayList<>();
        for (String command : corpus) {
            CommandVerdict verdict = safety.check(command);
            if (verdict instanceof CommandVerdict.Safe) {
                unasked.add(command);
            } else if (verdict instanceof CommandVerdict.NeedsApproval needs) {
                assertFalse(needs.reasons().isEmpty(), command);
            }
            if (Boolean.getBoolean("agentls.printVerdicts")) {
                System.out.println(command.replace("\n", "⏎") + "  ->  " + verdict);
            }
        }
        assertEquals(List.of(), unasked, "disguised commands that would run unasked");
    }
}
