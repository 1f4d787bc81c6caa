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
 * Neovim 0.7 headless as a real client: the edit lands in the unsaved buffer, keeps the user's typing, leaves disk
 * alone, and one undo takes it back. A new scenario is a test method and a fixture (see {@link NeovimDriver}).
 */
@Tag("slow")
class NeovimEndToEndTest {

    static final String GREETER = "src/main/java/demo/Greeter.java";

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
    void applyEditsLandsInTheUnsavedBufferKeepsTypingAndUndoesInOneStep() throws Exception {
        Path file = root.resolve(GREETER);
        String disk = Files.readString(file);
        String typed = "// typed in the editor, not saved\n" + disk;
        String expected = typed.replace("        return greeting + \", \" + name + \"!\";\n",
                "        if (name == null || name.isBlank()) {\n            return greeting + \"!\";\n        }\n"
                        + "        return greeting + \", \" + name.strip() + \"!\";\n");
        String diff = """
                ------- SEARCH
                    public String greet(String name) {
                        return greeting + ", " + name + "!";
                    }
                =======
                    public String greet(String name) {
                        if (name == null || name.isBlank()) {
                            return greeting + "!";
                        }
                        return greeting + ", " + name.strip() + "!";
                    }
                +++++++ REPLACE
                """;

        NeovimDriver.Outcome outcome = NeovimDriver.run(new NeovimDriver.Scenario(root, file)
                .typingKeys("ggO// typed in the editor, not saved<Esc>")
                .command(ApplyEditsCommand.ID, Map.of("uri", "${bufferUri}", "diff", diff))
                .expectBuffer(expected)
                .undoRestores(), temp);

        assertTrue(outcome.ok(), outcome.describe());
        JsonObject report = outcome.report();
        assertEquals(typed, report.get("before").getAsString());
        assertEquals(expected, report.get("after").getAsString());
        assertEquals(typed, report.get("after_undo").getAsString());
        JsonObject block = report.getAsJsonObject("result").getAsJsonArray("blocks").get(0).getAsJsonObject();
        assertEquals("exact", block.get("strategy").getAsString());
        assertEquals(15, block.get("startLine").getAsInt(), "lines of the buffer, typing included");
        assertEquals(disk, Files.readString(file), "the file on disk must be untouched");
    }

    @Test
    void aRefusedEditReachesNeovimAsAnErrorWithItsFactsAndChangesNothing() throws Exception {
        Path file = root.resolve(GREETER);
        String disk = Files.readString(file);

        NeovimDriver.Outcome outcome = NeovimDriver.run(new NeovimDriver.Scenario(root, file)
                .command(ApplyEditsCommand.ID, Map.of("uri", "${bufferUri}",
                        "diff", "------- SEARCH\n    int missing() {}\n=======\n    int found() {}\n+++++++ REPLACE\n"))
                .expectError(GREETER + ": "), temp);

        assertTrue(outcome.ok(), outcome.describe());
        assertTrue(outcome.report().get("error").getAsString().contains("block 1"), outcome.describe());
        assertEquals(disk, Files.readString(file));
    }

    @Test
    void keepsCrlfLineEndingsInADosBuffer() throws Exception {
        Path file = root.resolve("src/main/java/demo/Dos.java");
        Files.writeString(file, "class Dos {\r\n    int a = 1;\r\n    int b = 2;\r\n}\r\n");
        String diff = "------- SEARCH\n    int a = 1;\n    int b = 2;\n=======\n    int a = 10;\n    long c = 3;\n"
                + "    int b = 2;\n+++++++ REPLACE\n";

        NeovimDriver.Outcome outcome = NeovimDriver.run(new NeovimDriver.Scenario(root, file)
                .typing(3, List.of("    // typed"))
                .command(ApplyEditsCommand.ID, Map.of("uri", "${bufferUri}", "diff", diff))
                .expectBuffer("class Dos {\n    int a = 10;\n    long c = 3;\n    int b = 2;\n    // typed\n}\n")
                .undoRestores(), temp);

        assertTrue(outcome.ok(), outcome.describe());
        assertEquals("class Dos {\r\n    int a = 1;\r\n    int b = 2;\r\n}\r\n", Files.readString(file));
    }

    @Test
    void placesAnEditAfterAnAstralCharacterByUtf16Positions() throws Exception {
        Path file = root.resolve("src/main/java/demo/Wave.java");
        Files.writeString(file, "class Wave {\n    String hi = \"\uD83D\uDC4B\u00e9 hi there\";\n}\n");
        String diff = "------- SEARCH\n    String hi = \"\uD83D\uDC4B\u00e9 hi there\";\n=======\n"
                + "    String hi = \"\uD83D\uDC4B\u00e9 hello there\";\n+++++++ REPLACE\n";

        NeovimDriver.Outcome outcome = NeovimDriver.run(new NeovimDriver.Scenario(root, file)
                .command(ApplyEditsCommand.ID, Map.of("uri", "${bufferUri}", "diff", diff))
                .expectBuffer("class Wave {\n    String hi = \"\uD83D\uDC4B\u00e9 hello there\";\n}\n")
                .undoRestores(), temp);

        assertTrue(outcome.ok(), outcome.describe());
    }

    @Test
    void createsAFileNamedByAFileEditWithAnEmptySearch() throws Exception {
        Path file = root.resolve(GREETER);
        Path created = root.resolve("src/main/java/demo/Farewell.java");
        String diff = """
                <file-edit filePath="src/main/java/demo/Farewell.java">
                ------- SEARCH
                =======
                package demo;

                class Farewell {}
                +++++++ REPLACE
                </file-edit>
                """;

        NeovimDriver.Outcome outcome = NeovimDriver.run(new NeovimDriver.Scenario(root, file)
                .command(ApplyEditsCommand.ID, Map.of("uri", "${bufferUri}", "diff", diff))
                .expectBuffer(Files.readString(file))
                .expectOtherBuffer(created, "package demo;\n\nclass Farewell {}\n"), temp);

        assertTrue(outcome.ok(), outcome.describe());
        assertTrue(Files.exists(created), "Neovim creates the file (empty) and fills its buffer");
    }

    @Test
    void anEditNeovimSkipsForTypingItHadNotSentIsReplannedPastTheTypingAndLandsOnce() throws Exception {
        Path file = root.resolve(GREETER);
        String disk = Files.readString(file);
        String diff = "------- SEARCH\n/** Greets people by name. */\n=======\n/** Welcomes people by name. */\n"
                + "+++++++ REPLACE\n";

        // Typing before the command reaches the server (Neovim sends it with the request), so the edit carries a
        // version above 0, which Neovim checks; typing while the command runs makes the buffer newer than the edit:
        // Neovim skips it and answers "applied". Its report of the typing shows the skip, so the edit is re-planned
        // past the typing (at the end, far from the edit) and sent again at the version Neovim reported.
        NeovimDriver.Outcome outcome = NeovimDriver.run(new NeovimDriver.Scenario(root, file)
                .typingKeys("ggO// first<Esc>")
                .command(ApplyEditsCommand.ID, Map.of("uri", "${bufferUri}", "diff", diff))
                .typingKeysWhileTheCommandRuns("Go// typed while the agent worked<Esc>")
                .expectBuffer("// first\n" + disk.replace("/** Greets people", "/** Welcomes people")
                        + "// typed while the agent worked\n"), temp);

        assertTrue(outcome.ok(), outcome.describe());
        String note = outcome.report().getAsJsonObject("result").get("note").getAsString();
        assertTrue(note.startsWith("The editor answered that it applied the edit but skipped it, as its buffer had"
                + " moved past the version the edit was sent for (the user typed while it was on its way: Greeter.java"
                + " from version "), note);
        assertTrue(note.contains("so it was re-planned on the newest text and sent again"), note);
        assertEquals(disk, Files.readString(file));
    }

    @Test
    void anEditNeovimPutsWhereTypingMovedTheTextIsReportedAsNotAsPlanned() throws Exception {
        Path file = root.resolve(GREETER);
        String disk = Files.readString(file);
        String diff = "------- SEARCH\n/** Greets people by name. */\npublic class Greeter {\n=======\n"
                + "/** Greets people by name. */\n@Deprecated\npublic class Greeter {\n+++++++ REPLACE\n";
        // Neovim does not check version 0 (the buffer as opened), so the edit's positions land a line early.
        String misplaced = "// typed above\n" + disk.replace("/** Greets", "@Deprecated\n/** Greets");

        NeovimDriver.Outcome outcome = NeovimDriver.run(new NeovimDriver.Scenario(root, file)
                .command(ApplyEditsCommand.ID, Map.of("uri", "${bufferUri}", "diff", diff))
                .typingKeysWhileTheCommandRuns("ggO// typed above<Esc>")
                .expectNotApplied("does not show it as planned")
                .expectBuffer(misplaced), temp);

        assertTrue(outcome.ok(), outcome.describe());
        assertEquals(disk, Files.readString(file));
    }

    @Test
    void anAgentToolEditLandsInNeovimAndItsRollbackBringsBackTheUnsavedTyping() throws Exception {
        Path file = root.resolve(GREETER);
        String disk = Files.readString(file);
        String typed = "// typed, not saved\n" + disk;
        String diff = "------- SEARCH\n        return greeting + \", \" + name + \"!\";\n=======\n"
                + "        return greeting + \", \" + name.strip() + \"!\";\n+++++++ REPLACE\n";

        NeovimDriver.Outcome outcome = NeovimDriver.run(new NeovimDriver.Scenario(root, file)
                .typingKeys("ggO// typed, not saved<Esc>")
                .command(RunToolCommand.ID, Map.of("name", "replace_in_file", "conversationId", "nvim",
                        "arguments", Map.of("target_file", GREETER, "diff", diff)))
                .expectBuffer(typed.replace("name + \"!\"", "name.strip() + \"!\""))
                .thenCommand(RollbackCommand.ID, Map.of("checkpointId", "${checkpointId}"), typed), temp);

        assertTrue(outcome.ok(), outcome.describe());
        assertTrue(outcome.report().getAsJsonObject("then_result").getAsJsonArray("restored").toString()
                .contains("Greeter.java"), outcome.describe());
        assertEquals(disk, Files.readString(file), "the tool and the rollback both worked on the buffer, not the disk");
    }
}
