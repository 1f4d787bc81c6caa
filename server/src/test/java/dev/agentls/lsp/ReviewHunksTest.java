package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.function.Predicate;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentEdit;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reviewing a run over plain LSP: each changed hunk an Information diagnostic ("run #1: why") with Revert hunk, Keep
 * and Revert run code actions, following the buffer as the user types; each step's edit one versioned
 * TextDocumentEdit; a hunk reverted alone, refused once the user changed it; bad hunk and run ids refused.
 */
@Tag("slow")
class ReviewHunksTest {

    static final String JAVADOC = """
            ------- SEARCH
            /** Greets people by name. */
            =======
            /** Greets people by their name, stripped. */
            +++++++ REPLACE""";

    static final String STRIPPED = "        return greeting + \", \" + name.strip() + \"!\";";
    static final String ORIGINAL = "        return greeting + \", \" + name + \"!\";";

    @TempDir
    java.nio.file.Path temp;

    private static ReplayAnswers twoEdits() {
        return new ReplayAnswers()
                .callSaying("Names come with stray spaces, so strip them.", "replace_in_file",
                        "target_file", RunFixture.GREETER, "diff", AgentRunCommandsTest.FIX)
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", JAVADOC)
                .complete("Names are stripped.");
    }

    static List<Diagnostic> review(RunFixture lsp) {
        return lsp.editor.diagnostics.getOrDefault(lsp.uri(RunFixture.GREETER), List.of()).stream()
                .filter(d -> d.getSeverity() == DiagnosticSeverity.Information).toList();
    }

    static List<Diagnostic> awaitReview(RunFixture lsp, Predicate<List<Diagnostic>> shown)
            throws InterruptedException {
        long deadline = System.nanoTime() + LspFixture.TIMEOUT_SECONDS * 1_000_000_000L;
        while (System.nanoTime() < deadline) {
            List<Diagnostic> now = review(lsp);
            if (shown.test(now)) {
                return now;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("review diagnostics were " + review(lsp));
    }

    static List<CodeAction> actions(RunFixture lsp, int line) throws Exception {
        CodeActionParams params = new CodeActionParams(new TextDocumentIdentifier(lsp.uri(RunFixture.GREETER)),
                new Range(new Position(line, 0), new Position(line, 1)), new CodeActionContext(List.of()));
        return LspFixture.await(lsp.server.getTextDocumentService().codeAction(params)).stream()
                .map(Either::getRight).toList();
    }

    static JsonObject execute(RunFixture lsp, CodeAction action) throws Exception {
        Command command = action.getCommand();
        return LspFixture.json(LspFixture.await(lsp.server.getWorkspaceService().executeCommand(
                new ExecuteCommandParams(command.getCommand(), command.getArguments()))));
    }

    /** The user types: the editor's buffer becomes {@code text} at the next version, and the server is told. */
    static void type(RunFixture lsp, String text) {
        String uri = lsp.uri(RunFixture.GREETER);
        int version = lsp.editor.model.buffer(uri).orElseThrow().version() + 1;
        lsp.editor.model.open(uri, text, version);
        lsp.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                new VersionedTextDocumentIdentifier(uri, version), List.of(new TextDocumentContentChangeEvent(text))));
    }

    private static String buffer(RunFixture lsp) {
        return lsp.editor.model.buffer(lsp.uri(RunFixture.GREETER)).orElseThrow().text();
    }

    private static int lineOf(String text, String line) {
        return text.lines().toList().indexOf(line);
    }

    private static RunFixture finishedRun(java.nio.file.Path temp) throws Exception {
        RunFixture lsp = new RunFixture(temp, RealClient.helix(), twoEdits());
        lsp.open(RunFixture.GREETER);
        lsp.answer(StartRunCommand.ID, Map.of("prompt", "strip names"));
        lsp.editor.awaitShown(message -> message.contains("AgentLS #1 finished (completed)"));
        awaitReview(lsp, list -> list.size() == 2);
        return lsp;
    }

    @Test
    void eachChangedHunkGetsAnInformationDiagnosticSayingWhyWithRevertKeepAndRevertRunActions() throws Exception {
        try (RunFixture lsp = finishedRun(temp)) {
            String text = buffer(lsp);
            int line = lineOf(text, STRIPPED);
            Diagnostic hunk = review(lsp).stream().filter(d -> d.getRange().getStart().getLine() == line)
                    .findFirst().orElseThrow(() -> new AssertionError(review(lsp).toString()));
            assertEquals("run #1: Names come with stray spaces, so strip them. (+1 -1)", hunk.getMessage().getLeft());
            assertEquals("agentls", hunk.getSource());
            assertEquals("1.1", hunk.getCode().getLeft());
            assertEquals(new Range(new Position(line, 0), new Position(line, STRIPPED.length())), hunk.getRange());
            Diagnostic javadoc = review(lsp).stream().filter(d -> d != hunk).findFirst().orElseThrow();
            assertEquals("run #1: replace_in_file " + RunFixture.GREETER + " (+1 -1)", javadoc.getMessage().getLeft());

            // Each step's edit: one versioned TextDocumentEdit for the one file it changed.
            List<org.eclipse.lsp4j.ApplyWorkspaceEditParams> runEdits = lsp.editor.edits.subList(0, 2);
            for (var edit : runEdits) {
                assertEquals(1, edit.getEdit().getDocumentChanges().size());
                TextDocumentEdit documentEdit = edit.getEdit().getDocumentChanges().get(0).getLeft();
                assertNotNull(documentEdit.getTextDocument().getVersion(), "versioned");
            }

            List<CodeAction> actions = actions(lsp, line);
            assertEquals(List.of("AgentLS #1: Revert hunk (+1 -1)", "AgentLS #1: Keep", "AgentLS #1: Revert run"),
                    actions.stream().map(CodeAction::getTitle).toList());
            assertEquals(CodeActionKind.QuickFix, actions.get(0).getKind());
            assertEquals("{\"hunkId\":\"1.1\"}", new com.google.gson.Gson().toJson(
                    actions.get(0).getCommand().getArguments().get(0)));
            assertEquals("{\"runId\":\"1\"}", new com.google.gson.Gson().toJson(
                    actions.get(2).getCommand().getArguments().get(0)));
            actions.forEach(action -> assertNull(action.getData(), "context never only in data"));
            assertEquals(List.of(), actions(lsp, 0), "no review actions off the hunks");
        }
    }

    @Test
    void theDiagnosticFollowsTypingAboveAndRevertHunkPutsBackOnlyThatHunkKeepingTheTyping() throws Exception {
        try (RunFixture lsp = finishedRun(temp)) {
            String typed = "// typed 1\n// typed 2\n" + buffer(lsp);
            type(lsp, typed);
            int line = lineOf(typed, STRIPPED);
            awaitReview(lsp, list -> list.stream().anyMatch(d -> d.getRange().getStart().getLine() == line));

            List<CodeAction> actions = actions(lsp, line);
            JsonObject reverted = execute(lsp, actions.get(0));

            assertTrue(reverted.get("applied").getAsBoolean(), reverted.toString());
            assertEquals("1.1", reverted.get("hunkId").getAsString());
            String now = lsp.awaitBuffer(RunFixture.GREETER, text -> text.contains(ORIGINAL));
            assertTrue(now.startsWith("// typed 1\n// typed 2\n"), now);
            assertTrue(now.contains("/** Greets people by their name, stripped. */"), "the other hunk stays: " + now);
            assertFalse(now.contains(STRIPPED), now);
            TextDocumentEdit revert = lsp.editor.edits.get(lsp.editor.edits.size() - 1).getEdit().getDocumentChanges()
                    .get(0).getLeft();
            assertNotNull(revert.getTextDocument().getVersion(), "the revert is versioned");
            List<Diagnostic> left = awaitReview(lsp, list -> list.size() == 1);
            assertEquals("1.2", left.get(0).getCode().getLeft());
            assertEquals(List.of(), actions(lsp, line).stream().map(CodeAction::getTitle).toList());
        }
    }

    @Test
    void keepClearsTheHunksDiagnosticAndLeavesTheText() throws Exception {
        try (RunFixture lsp = finishedRun(temp)) {
            String before = buffer(lsp);
            int line = lineOf(before, STRIPPED);
            JsonObject kept = execute(lsp, actions(lsp, line).get(1));

            assertEquals("{\"hunkId\":\"1.1\",\"kept\":true}", kept.toString());
            List<Diagnostic> left = awaitReview(lsp, list -> list.size() == 1);
            assertEquals("1.2", left.get(0).getCode().getLeft());
            assertEquals(before, buffer(lsp));
            ExecutionException again = assertThrows(ExecutionException.class, () -> keepHunk(lsp, "1.1"));
            assertInvalidParams(again, "agentls.keepHunk: no hunk '1.1' awaits review");
        }
    }

    private static JsonObject keepHunk(RunFixture lsp, String hunkId) throws Exception {
        return lsp.answer(KeepHunkCommand.ID, Map.of("hunkId", hunkId));
    }

    @Test
    void revertHunkIsRefusedSayingSoWhenTheUserChangedTheHunkSinceAndTheDiagnosticIsDropped() throws Exception {
        try (RunFixture lsp = finishedRun(temp)) {
            int line = lineOf(buffer(lsp), STRIPPED);
            CodeAction revert = actions(lsp, line).get(0);
            String edited = buffer(lsp).replace(STRIPPED, "        return greeting + \", \" + name.trim() + \"!\";");
            type(lsp, edited);
            awaitReview(lsp, list -> list.size() == 1);

            int editsBefore = lsp.editor.edits.size();
            JsonObject refused = execute(lsp, revert);

            assertFalse(refused.get("applied").getAsBoolean());
            assertEquals("hunk 1.1 of run #1 (+1 -1) no longer reads as the run left it: its lines changed since;"
                    + " nothing was reverted in " + RunFixture.GREETER, refused.get("reason").getAsString());
            assertEquals(editsBefore, lsp.editor.edits.size(), "nothing sent");
            assertEquals(edited, buffer(lsp));
        }
    }

    @Test
    void revertRunRollsBackTheRunsCheckpointAndClearsItsHunks() throws Exception {
        try (RunFixture lsp = finishedRun(temp)) {
            String original = java.nio.file.Files.readString(lsp.root.resolve(RunFixture.GREETER));
            JsonObject reverted = execute(lsp, actions(lsp, lineOf(buffer(lsp), STRIPPED)).get(2));

            assertTrue(reverted.get("applied").getAsBoolean(), reverted.toString());
            assertEquals("1", reverted.get("runId").getAsString());
            assertEquals(List.of(RunFixture.GREETER), new com.google.gson.Gson().fromJson(
                    reverted.get("restored"), List.class));
            lsp.awaitBuffer(RunFixture.GREETER, original::equals);
            awaitReview(lsp, List::isEmpty);
        }
    }

    @Test
    void refusesUnknownHunksAndRunsAndMalformedArgumentsNamingThem() throws Exception {
        try (RunFixture lsp = finishedRun(temp)) {
            assertInvalidParams(assertThrows(ExecutionException.class, () -> lsp.answer(RevertHunkCommand.ID,
                    Map.of("hunkId", "9.9"))), "agentls.revertHunk: no hunk '9.9' awaits review");
            assertInvalidParams(assertThrows(ExecutionException.class, () -> lsp.answer(RevertHunkCommand.ID,
                    Map.of("hunkId", 11))), "agentls.revertHunk: argument 'hunkId' must be a string, got a number");
            assertInvalidParams(assertThrows(ExecutionException.class, () -> lsp.answer(KeepHunkCommand.ID,
                    Map.of())), "agentls.keepHunk: missing argument 'hunkId' (a string)");
            assertInvalidParams(assertThrows(ExecutionException.class, () -> lsp.answer(RevertRunCommand.ID,
                    Map.of("runId", "7"))), "agentls.revertRun: run #7 changed no file in this session, so there is"
                    + " nothing to revert");
            assertInvalidParams(assertThrows(ExecutionException.class, () -> lsp.answer(RevertRunCommand.ID,
                    Map.of("runId", List.of("1")))), "agentls.revertRun: argument 'runId' must be a string, got an"
                    + " array");
            assertEquals(2, review(lsp).size(), "nothing touched");
        }
    }

    @Test
    void theReviewCommandsAreAdvertised() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.ale(), new ReplayAnswers())) {
            List<String> offered = lsp.initialized.getCapabilities().getExecuteCommandProvider().getCommands();
            assertTrue(offered.containsAll(List.of("agentls.revertHunk", "agentls.keepHunk", "agentls.revertRun")),
                    offered.toString());
        }
    }

    private static void assertInvalidParams(ExecutionException failure, String messageStart) {
        ResponseErrorException error = (ResponseErrorException) failure.getCause();
        assertEquals(ResponseErrorCode.InvalidParams.getValue(), error.getResponseError().getCode());
        assertTrue(error.getMessage().startsWith(messageStart), error.getMessage());
    }
}
