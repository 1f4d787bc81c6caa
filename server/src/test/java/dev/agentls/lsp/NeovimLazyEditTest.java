package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls.applyLazyEdit} with Neovim 0.7 headless as the client: the merged method lands in the open,
 * modified Python buffer, the unsaved typing stays, the disk stays, and one undo restores the buffer.
 */
@Tag("slow")
class NeovimLazyEditTest {

    static final String STATS = "scripts/stats.py";

    @TempDir
    Path temp;

    Path root;

    @BeforeEach
    void copyWorkspace() throws Exception {
        NeovimDriver.requireNeovim();
        root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
    }

    @Test
    void addsAMethodToTheClassInTheModifiedBufferAndUndoesInOneStep() throws Exception {
        Path file = root.resolve(STATS);
        String disk = Files.readString(file);
        String typed = disk.replace("class Stats:\n", "class Stats:\n    # typed in the editor, not saved\n");
        String expected = typed.replace("min(self.values)\n", "min(self.values)\n\n    def count(self):\n"
                + "        return len(self.values)\n");
        String codeEdit = """
                # ... existing code ...
                class Stats:
                    # ... existing code ...

                    def count(self):
                        return len(self.values)

                # ... existing code ...
                """;

        NeovimDriver.Outcome outcome = NeovimDriver.run(new NeovimDriver.Scenario(root, file)
                .typing(4, List.of("    # typed in the editor, not saved"))
                .command(ApplyLazyEditCommand.ID, Map.of("uri", "${bufferUri}", "codeEdit", codeEdit))
                .expectBuffer(expected)
                .undoRestores(), temp);

        assertTrue(outcome.ok(), outcome.describe());
        JsonObject report = outcome.report();
        assertEquals(typed, report.get("before").getAsString());
        assertEquals(expected, report.get("after").getAsString());
        assertEquals(typed, report.get("after_undo").getAsString());
        JsonObject block = report.getAsJsonObject("result").getAsJsonArray("blocks").get(0).getAsJsonObject();
        assertEquals("lazy", block.get("strategy").getAsString());
        assertEquals(15, block.get("startLine").getAsInt(), "lines of the buffer, typing included");
        assertEquals(disk, Files.readString(file), "the file on disk must be untouched");
    }

    @Test
    void aRefusedLazyEditReachesNeovimAsAnErrorAndChangesNothing() throws Exception {
        Path file = root.resolve(STATS);
        String disk = Files.readString(file);

        NeovimDriver.Outcome outcome = NeovimDriver.run(new NeovimDriver.Scenario(root, file)
                .command(ApplyLazyEditCommand.ID, Map.of("uri", "${bufferUri}",
                        "codeEdit", "# ... existing code ...\ndef median(values):\n    return 0\n# ... existing code ...\n"))
                .expectError(STATS + ": cannot place edit line 2"), temp);

        assertTrue(outcome.ok(), outcome.describe());
        assertEquals(disk, Files.readString(file));
    }
}
