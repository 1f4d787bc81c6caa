package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.Diagnostic;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The review actions (Revert hunk, Keep, Revert run, and the hunk diagnostics found again as the user types) with
 * clients that declare exactly what Neovim 0.7 and eglot 1.9 declare and answer as they do ({@link RealClient}):
 * Neovim answers "applied" for an edit it skipped because the buffer moved on (re-planned once its report shows the
 * skip), and reports 150 ms later; eglot refuses
 * an edit for another version and reports only after 0.5 s idle (or before its next request, as eglot sends pending
 * changes first: the tests let the report out before the user's next action); an ALE-like client applies an edit and
 * never answers. ReviewHunksTest covers the same actions with Helix.
 */
@Tag("slow")
class ReviewWithRealClientsTest {

    @TempDir
    Path temp;

    private static ReplayAnswers twoEdits() {
        return new ReplayAnswers()
                .callSaying("Names come with stray spaces, so strip them.", "replace_in_file",
                        "target_file", RunFixture.GREETER, "diff", AgentRunCommandsTest.FIX)
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", ReviewHunksTest.JAVADOC)
                .complete("Names are stripped.");
    }

    private static RunFixture finishedRun(Path temp, RealClient client) throws Exception {
        RunFixture lsp = new RunFixture(temp, client, twoEdits());
        lsp.open(RunFixture.GREETER);
        lsp.answer(StartRunCommand.ID, Map.of("prompt", "strip names"));
        lsp.editor.awaitShown(message -> message.contains("AgentLS #1 finished (completed)"));
        lsp.awaitBuffer(RunFixture.GREETER, text -> text.contains(ReviewHunksTest.STRIPPED)
                && text.contains("their name, stripped"));
        ReviewHunksTest.awaitReview(lsp, list -> list.size() == 2);
        return lsp;
    }

    /** An ALE-like client: declares and applies edits, and never answers one (its buffer reports are the answer). */
    private static RealClient appliesWithoutAnswering() {
        ClientCapabilities capabilities = RealClient.ale().capabilities();
        capabilities.getWorkspace().setApplyEdit(true);
        return new RealClient("ALE applying without answering", capabilities, false, false, false, 0);
    }

    private static void awaitReports(RunFixture lsp, int count) throws InterruptedException {
        long deadline = System.nanoTime() + LspFixture.TIMEOUT_SECONDS * 1_000_000_000L;
        while (lsp.editor.reportTimes.size() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the editor sent " + lsp.editor.reportTimes.size() + " reports, not " + count);
            }
            Thread.sleep(10);
        }
    }

    private static String buffer(RunFixture lsp) {
        return lsp.editor.model.buffer(lsp.uri(RunFixture.GREETER)).orElseThrow().text();
    }

    private static int lineOf(String text, String line) {
        return text.lines().toList().indexOf(line);
    }

    private static List<String> titles(List<CodeAction> actions) {
        return actions.stream().map(CodeAction::getTitle).toList();
    }

    @Test
    void neovim07FollowsTypingRevertsOneHunkConfirmedByItsReportThenKeepsAndRevertsTheRun() throws Exception {
        try (RunFixture lsp = finishedRun(temp, RealClient.neovim07())) {
            String typed = "// typed by the user\n" + buffer(lsp);
            ReviewHunksTest.type(lsp, typed);
            int line = lineOf(typed, ReviewHunksTest.STRIPPED);
            ReviewHunksTest.awaitReview(lsp, list -> list.stream().anyMatch(d -> d.getRange().getStart().getLine() == line));
            assertEquals(List.of("AgentLS #1: Revert hunk (+1 -1)", "AgentLS #1: Keep", "AgentLS #1: Revert run"),
                    titles(ReviewHunksTest.actions(lsp, line)));

            JsonObject reverted = ReviewHunksTest.execute(lsp, ReviewHunksTest.actions(lsp, line).get(0));

            assertTrue(reverted.get("applied").getAsBoolean(), reverted.toString());
            assertTrue(reverted.get("confirmed").getAsBoolean(), "Neovim's report came within the wait: " + reverted);
            String now = buffer(lsp);
            assertTrue(now.startsWith("// typed by the user\n") && now.contains(ReviewHunksTest.ORIGINAL)
                    && now.contains("their name, stripped"), now);
            List<Diagnostic> left = ReviewHunksTest.awaitReview(lsp, list -> list.size() == 1);
            assertEquals("1.2", left.get(0).getCode().getLeft());

            int javadoc = left.get(0).getRange().getStart().getLine();
            JsonObject kept = ReviewHunksTest.execute(lsp, ReviewHunksTest.actions(lsp, javadoc).get(1));
            assertEquals("{\"hunkId\":\"1.2\",\"kept\":true}", kept.toString());
            ReviewHunksTest.awaitReview(lsp, List::isEmpty);
            assertEquals(now, buffer(lsp), "Keep changes no text");
        }
    }

    @Test
    void neovim07AnsweringAppliedForARevertItSkippedGetsItReplannedPastTheTypingAndBothStand() throws Exception {
        try (RunFixture lsp = finishedRun(temp, RealClient.neovim07())) {
            int line = lineOf(buffer(lsp), ReviewHunksTest.STRIPPED);
            CodeAction revert = ReviewHunksTest.actions(lsp, line).get(0);
            // The user types at the top just as the revert arrives: Neovim skips the now stale edit, answers success.
            lsp.editor.typeBeforeNextEdit(text -> "// typing on its way\n" + text);
            int sentBefore = lsp.editor.edits.size();

            JsonObject answer = ReviewHunksTest.execute(lsp, revert);

            // Its report shows the skip and the typing, apart from the hunk: the revert is re-planned on the newest
            // text and sent once more, as a refusal for typing is, never over the typing.
            assertTrue(answer.get("applied").getAsBoolean(), answer.toString());
            String note = answer.get("note").getAsString();
            assertTrue(note.startsWith("The editor answered that it applied the edit but skipped it")
                    && note.contains("re-planned on the newest text and sent again"), note);
            assertEquals(sentBefore + 2, lsp.editor.edits.size(), "the revert is sent twice, never a third time");
            lsp.awaitBuffer(RunFixture.GREETER, now -> now.startsWith("// typing on its way\n")
                    && now.contains(ReviewHunksTest.ORIGINAL) && !now.contains(ReviewHunksTest.STRIPPED));
            ReviewHunksTest.awaitReview(lsp, list -> list.size() == 1);
        }
    }

    @Test
    void eglot19RevertHunkIsAnsweredAppliedUnconfirmedAndItsDiagnosticGoesOnceTheLateReportComes()
            throws Exception {
        try (RunFixture lsp = finishedRun(temp, RealClient.eglot19())) {
            int line = lineOf(buffer(lsp), ReviewHunksTest.STRIPPED);
            int editsBefore = lsp.editor.edits.size();
            int reportsBefore = lsp.editor.reportTimes.size();

            JsonObject reverted = ReviewHunksTest.execute(lsp, ReviewHunksTest.actions(lsp, line).get(0));

            assertTrue(reverted.get("applied").getAsBoolean(), reverted.toString());
            assertFalse(reverted.get("confirmed").getAsBoolean(), "eglot answers before it reports: " + reverted);
            assertTrue(reverted.get("note").getAsString().contains("the editor had not reported its buffer of"
                    + " Greeter.java since the edit when it answered"), reverted.toString());
            assertEquals(editsBefore + 1, lsp.editor.edits.size());
            assertTrue(buffer(lsp).contains(ReviewHunksTest.ORIGINAL), buffer(lsp));
            List<Diagnostic> left = ReviewHunksTest.awaitReview(lsp, list -> list.size() == 1);
            assertEquals("1.2", left.get(0).getCode().getLeft());

            // eglot sends a buffer's pending change before its next request: the user's next action comes after it.
            awaitReports(lsp, reportsBefore + 1);
            String original = Files.readString(lsp.root.resolve(RunFixture.GREETER));
            JsonObject run = ReviewHunksTest.execute(lsp, ReviewHunksTest.actions(lsp, left.get(0).getRange().getStart().getLine()).get(2));
            assertTrue(run.get("applied").getAsBoolean(), run.toString());
            lsp.awaitBuffer(RunFixture.GREETER, original::equals);
            ReviewHunksTest.awaitReview(lsp, List::isEmpty);
        }
    }

    @Test
    void eglot19RefusingARevertForAVersionItLeftGetsItReplannedPastTheTypingAndBothStand() throws Exception {
        try (RunFixture lsp = finishedRun(temp, RealClient.eglot19())) {
            int line = lineOf(buffer(lsp), ReviewHunksTest.STRIPPED);
            CodeAction revert = ReviewHunksTest.actions(lsp, line).get(0);
            lsp.editor.typeBeforeNextEdit(text -> "// typing on its way\n" + text);

            JsonObject answer = ReviewHunksTest.execute(lsp, revert);

            // eglot refuses the version the typing left; the typing is apart from the hunk, so the revert is
            // re-planned on the newest text and sent once more (issue 13's staleness rule), never over the typing.
            assertTrue(answer.get("applied").getAsBoolean(), answer.toString());
            lsp.awaitBuffer(RunFixture.GREETER, now -> now.startsWith("// typing on its way\n")
                    && now.contains(ReviewHunksTest.ORIGINAL) && !now.contains(ReviewHunksTest.STRIPPED));
            ReviewHunksTest.awaitReview(lsp, list -> list.size() == 1);
        }
    }

    @Test
    void aClientThatAppliesEditsWithoutAnsweringGetsItsRevertAnsweredByItsBufferReport() throws Exception {
        try (RunFixture lsp = finishedRun(temp, appliesWithoutAnswering())) {
            int line = lineOf(buffer(lsp), ReviewHunksTest.STRIPPED);
            long start = System.nanoTime();

            JsonObject reverted = ReviewHunksTest.execute(lsp, ReviewHunksTest.actions(lsp, line).get(0));

            assertTrue(reverted.get("applied").getAsBoolean(), reverted.toString());
            assertTrue(reverted.get("confirmed").getAsBoolean(), reverted.toString());
            assertTrue(System.nanoTime() - start < 10_000_000_000L, "answered by the report, not a 2-minute timeout");
            assertTrue(buffer(lsp).contains(ReviewHunksTest.ORIGINAL), buffer(lsp));
            ReviewHunksTest.awaitReview(lsp, list -> list.size() == 1);
        }
    }
}
