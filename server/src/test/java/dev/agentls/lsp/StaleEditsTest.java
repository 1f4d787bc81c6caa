package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Staleness in a run: the user types (the editor reports {@code didChange}) between the model's read of a file and
 * its edit of it. Apart from what the edit changes, the edit is carried over onto the new text and the model is told
 * where; on the lines the user changed, it is refused to the model naming them; and when Helix refuses an edit for
 * a version the typing moved past, the edit is re-planned on the new text and sent once more, and the model is told
 * where it went. The user's typing stands in every case. When another run made the change, the model is told which
 * run (its number and prompt) rather than "the user".
 */
@Tag("slow")
class StaleEditsTest {

    static final String ORIGINAL = "        return greeting + \", \" + name + \"!\";";
    static final String STRIPPED = "        return greeting + \", \" + name.strip() + \"!\";";

    @TempDir
    Path temp;

    /** Read the file, ask the user (who types meanwhile), then write the whole file as read, with one line changed. */
    private static ReplayAnswers readAskThenWrite(String original) {
        return new ReplayAnswers()
                .call("read_file", "target_file", RunFixture.GREETER)
                .call("ask_followup_question", "question", "Shall I strip names?")
                .call("write_to_file", "target_file", RunFixture.GREETER, "content", original.replace(ORIGINAL,
                        STRIPPED))
                .complete("Names are stripped.");
    }

    /** While the question is open, the user types {@code typed} into the buffer; then answers "yes". */
    private static void typeWhileAsked(RunFixture lsp, java.util.function.UnaryOperator<String> typing) {
        lsp.editor.answerQuestions(question -> {
            String uri = lsp.uri(RunFixture.GREETER);
            EditorModel.Buffer buffer = lsp.editor.model.buffer(uri).orElseThrow();
            String typed = typing.apply(buffer.text());
            lsp.editor.model.open(uri, typed, buffer.version() + 1);
            lsp.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                    new VersionedTextDocumentIdentifier(uri, buffer.version() + 1),
                    List.of(new TextDocumentContentChangeEvent(typed))));
            return "yes";
        });
    }

    private static String original(Path temp) throws Exception {
        return Files.readString(LspFixture.repoRoot().resolve("test-workspaces/demo").resolve(RunFixture.GREETER));
    }

    @Test
    void aWholeFileWriteFromAnOldReadIsCarriedOverOntoTypingElsewhereAndTheModelIsToldWhere() throws Exception {
        String original = original(temp);
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix().declaring(false, true),
                readAskThenWrite(original))) {
            lsp.open(RunFixture.GREETER);
            typeWhileAsked(lsp, text -> "// typed 1\n// typed 2\n" + text);
            lsp.answer(StartRunCommand.ID, Map.of("prompt", "strip names"));
            lsp.editor.awaitShown(message -> message.contains("AgentLS #1 finished (completed)"));

            String buffer = lsp.awaitBuffer(RunFixture.GREETER, text -> text.contains(STRIPPED));
            assertEquals("// typed 1\n// typed 2\n" + original.replace(ORIGINAL, STRIPPED), buffer);
            String toldTheModel = lsp.model.requests().get(3).body();
            assertTrue(toldTheModel.contains("Greeter.java: the user changed lines 1-2 after you last read it; your"
                    + " changes were put on the text as it is now, at lines 17-17 (you wrote them at 15-15), keeping"
                    + " the user's lines."), toldTheModel);
        }
    }

    @Test
    void anEditOnTheLineTheUserChangedIsRefusedToTheModelNamingItAndTheTypingStands() throws Exception {
        String original = original(temp);
        String typedLine = "        return greeting + \", \" + name.trim() + \"!\";";
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix().declaring(false, true),
                readAskThenWrite(original))) {
            lsp.open(RunFixture.GREETER);
            typeWhileAsked(lsp, text -> text.replace(ORIGINAL, typedLine));
            lsp.answer(StartRunCommand.ID, Map.of("prompt", "strip names"));
            lsp.editor.awaitShown(message -> message.contains("AgentLS #1 finished"));

            String buffer = lsp.editor.model.buffer(lsp.uri(RunFixture.GREETER)).orElseThrow().text();
            assertEquals(original.replace(ORIGINAL, typedLine), buffer);
            assertFalse(buffer.contains(STRIPPED));
            String toldTheModel = lsp.model.requests().get(3).body();
            assertTrue(toldTheModel.contains("the user changed line 15 of Greeter.java after you last read it, and"
                    + " your edit touches those lines or the ones next to them; nothing was changed, so the user's"
                    + " typing stands."), toldTheModel);
        }
    }

    @Test
    void helixRefusingAnEditForAVersionTheTypingMovedPastGetsItReplannedOnTheNewTextAndTheModelIsToldWhere()
            throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", AgentRunCommandsTest.FIX)
                .complete("Names are stripped.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers)) {
            String original = lsp.open(RunFixture.GREETER);
            lsp.editor.typeBeforeNextEdit(text -> "// typed while the edit was on its way\n" + text);
            lsp.answer(StartRunCommand.ID, Map.of("prompt", "strip names"));
            lsp.editor.awaitShown(message -> message.contains("AgentLS #1 finished (completed)"));

            String buffer = lsp.awaitBuffer(RunFixture.GREETER, text -> text.contains(STRIPPED));
            assertEquals("// typed while the edit was on its way\n" + original.replace(ORIGINAL, STRIPPED), buffer);
            assertEquals(2, lsp.editor.edits.size(), "refused once for the version, sent once more");
            String toldTheModel = lsp.model.requests().get(1).body();
            assertTrue(toldTheModel.contains("version mismatch for "), toldTheModel);
            assertTrue(toldTheModel.contains("so it was re-planned on the newest text and sent again. Greeter.java"
                    + " changed in the editor's buffer after the edit was planned: the edit was carried over past the"
                    + " user's typing at line 1 onto the text as it is now, at lines 16-16 (planned at 15-15)"),
                    toldTheModel);
        }
    }

    @Test
    void anEditOnALineAnotherRunChangedIsRefusedNamingThatRunAndItsPrompt() throws Exception {
        String original = original(temp);
        String trimmed = "        return greeting + \", \" + name.trim() + \"!\";";
        // Run #1 reads and asks; while its question is open, run #2 reads, writes line 15 and ends; then run #1 writes.
        ReplayAnswers answers = new ReplayAnswers()
                .call("read_file", "target_file", RunFixture.GREETER)
                .call("ask_followup_question", "question", "Shall I strip names?")
                .call("read_file", "target_file", RunFixture.GREETER)
                .call("write_to_file", "target_file", RunFixture.GREETER, "content", original.replace(ORIGINAL,
                        trimmed))
                .complete("Names are trimmed.")
                .call("write_to_file", "target_file", RunFixture.GREETER, "content", original.replace(ORIGINAL,
                        STRIPPED))
                .complete("Names are stripped.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix().declaring(false, true), answers)) {
            lsp.open(RunFixture.GREETER);
            lsp.editor.holdQuestions();
            lsp.answer(StartRunCommand.ID, Map.of("prompt", "strip names"));
            RunEditor.HeldQuestion<?> asked = lsp.editor.awaitHeld(0);
            lsp.answer(StartRunCommand.ID, Map.of("prompt", "Trim the names\nwith String.trim"));
            lsp.editor.awaitShown(message -> message.contains("AgentLS #2 finished (completed)"));
            com.google.gson.JsonObject yes = new com.google.gson.JsonObject();
            yes.addProperty("answer", "yes");
            ((RunEditor.HeldQuestion<com.google.gson.JsonObject>) asked).complete(yes);
            lsp.editor.awaitShown(message -> message.contains("AgentLS #1 finished"));

            String buffer = lsp.editor.model.buffer(lsp.uri(RunFixture.GREETER)).orElseThrow().text();
            assertEquals(original.replace(ORIGINAL, trimmed), buffer, "run #2's change stands");
            String toldTheModel = lsp.model.requests().get(6).body();
            assertTrue(toldTheModel.contains("run #2 (\\\"Trim the names\\\") changed line 15 of Greeter.java after"
                    + " you last read it, and your edit touches those lines or the ones next to them; nothing was"
                    + " changed, so that run's change stands."), toldTheModel);
            assertFalse(toldTheModel.contains("the user changed"), toldTheModel);
        }
    }
}
