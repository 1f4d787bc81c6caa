package dev.agentls.lsp;

import static dev.agentls.lsp.LspFixture.await;
import static dev.agentls.lsp.LspFixture.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.QuestionWithdrawn;
import com.google.gson.JsonObject;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CompletableFuture;
import java.util.Optional;
import java.util.OptionalInt;
import org.eclipse.lsp4j.DeleteFile;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.ProgressParams;
import org.eclipse.lsp4j.WorkDoneProgressBegin;
import org.eclipse.lsp4j.WorkDoneProgressEnd;
import org.eclipse.lsp4j.WorkDoneProgressReport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link LspHost} against a real client over pipes: stale changes, questions, progress. */
@Tag("slow")
class LspHostTest {

    static final String GREETER = ApplyEditsCommandTest.GREETER;

    @TempDir
    Path temp;

    LspFixture lsp;
    LspHost host;
    Path greeter;

    @BeforeEach
    void start() throws Exception {
        lsp = LspFixture.onCopyOf("demo", temp);
        lsp.initialize();
        host = lsp.connection.server().session().host();
        greeter = lsp.root.resolve(GREETER).toRealPath();
    }

    @AfterEach
    void stop() throws Exception {
        lsp.close();
    }

    @Test
    void refusesAChangeReadFromDiskWhenDiskChangedSinceAtTheSamePlaceNamingTheLine() throws Exception {
        String text = Files.readString(greeter);
        FileChange change = new FileChange.Modify(greeter, OptionalInt.empty(), text, text + "// new\n");
        Files.writeString(greeter, text + "// someone else\n");

        ChangeOutcome outcome = await(host.applyChange(change));

        int lines = (int) text.lines().count();
        assertEquals(new ChangeOutcome.Refused("Greeter.java changed on disk after the edit was planned (the user"
                + " changed line " + (lines + 1) + "), and the edit touches those lines or the ones next to them;"
                + " nothing was applied, so the user's typing stands. Read Greeter.java again and redo the edit on"
                + " the text as it is now"), outcome);
        assertEquals(0, lsp.editor.applyEditRequests.size());
        assertEquals(text + "// someone else\n", Files.readString(greeter));
    }

    @Test
    void neverSendsACreateForAFileThatAppearedMeanwhile() throws Exception {
        Path appeared = lsp.root.resolve("NEW.md").toAbsolutePath();
        FileChange create = new FileChange.Create(appeared, "# new\n");
        Files.writeString(appeared, "someone else's\n");

        ChangeOutcome outcome = await(host.applyChange(create));

        assertEquals(new ChangeOutcome.Refused(appeared + " exists now, so it was not created; nothing was applied"),
                outcome);
        assertEquals(0, lsp.editor.applyEditRequests.size());
        assertEquals("someone else's\n", Files.readString(appeared));
    }

    @Test
    void deletesWithADeleteFileOperation() throws Exception {
        ChangeOutcome outcome = await(host.applyChange(new FileChange.Delete(greeter)));

        assertEquals(new ChangeOutcome.Applied(), outcome);
        DeleteFile delete = (DeleteFile) lsp.editor.applyEditRequests.get(0).getEdit().getDocumentChanges().get(0)
                .getRight();
        assertEquals(greeter.toUri().toString(), delete.getUri());
    }

    @Test
    void confirmsOnlyWhenTheUserPicksYes() throws Exception {
        lsp.editor.answerQuestionsWith("Yes");
        assertTrue(await(host.confirm("Run 'rm -rf build'?", "The agent wants to clean the build.")));
        assertEquals(List.of(new MessageActionItem("Yes"), new MessageActionItem("No")),
                lsp.editor.questions.get(0).getActions());
        assertEquals("Run 'rm -rf build'?\n\nThe agent wants to clean the build.",
                lsp.editor.questions.get(0).getMessage());

        lsp.editor.answerQuestionsWith(null);
        assertFalse(await(host.confirm("Again?", "")), "a dismissed question is a no");
    }

    @Test
    void aWithdrawnConfirmationCancelsItsShowMessageRequestInTheEditor() throws Exception {
        lsp.editor.holdQuestions();
        CompletableFuture<Boolean> asked = host.confirm("Start MCP server 'fs'?", "It runs with your permissions.");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LspFixture.TIMEOUT_SECONDS);
        while (lsp.editor.questions.isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "the question never reached the editor");
            Thread.sleep(10);
        }
        assertFalse(lsp.editor.questionCancelled.isDone());

        asked.completeExceptionally(new QuestionWithdrawn("the run was cancelled"));

        assertEquals("Start MCP server 'fs'?\n\nIt runs with your permissions.", lsp.editor.questionCancelled
                .get(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS).getMessage());
    }

    @Test
    void asksWithTheOptionsAsButtons() throws Exception {
        lsp.editor.answerQuestionsWith("Gradle");
        assertEquals(Optional.of("Gradle"), await(host.ask("Which build tool?", List.of("Maven", "Gradle"))));
        assertEquals(Optional.empty(), await(host.ask("What is your name?", List.of())),
                "plain LSP has no free-text question");
        assertEquals(1, lsp.editor.questions.size());
    }

    @Test
    void reportsProgressAsBeginReportEndOnOneToken() throws Exception {
        host.progress("reading files");
        host.progress("editing Greeter.java");
        host.finishProgress("done");

        List<ProgressParams> received = lsp.editor.awaitProgress(3, 30_000);

        assertEquals(3, received.size(), received.toString());
        assertTrue(received.get(0).getValue().getLeft() instanceof WorkDoneProgressBegin);
        assertEquals("reading files", ((WorkDoneProgressBegin) received.get(0).getValue().getLeft()).getMessage());
        assertEquals("editing Greeter.java",
                ((WorkDoneProgressReport) received.get(1).getValue().getLeft()).getMessage());
        assertTrue(received.get(2).getValue().getLeft() instanceof WorkDoneProgressEnd);
        assertEquals(1, received.stream().map(p -> p.getToken().getLeft()).distinct().count());
    }

    @Test
    void reportsAnEditorThatNeverAnswersAfterTheTimeout() throws Exception {
        Path other = temp.resolve("other");
        try (LspFixture silent = new LspFixture(copy(other), new StandardSessions(Duration.ofMillis(300)))) {
            silent.initialize();
            silent.editor.neverAnswerEdits();

            JsonObject result = json(await(silent.applyEdits(GREETER, ApplyEditsCommandTest.GREET_EDIT)));

            assertFalse(result.get("applied").getAsBoolean());
            assertEquals("the editor did not answer the edit within 300 ms; the request was cancelled, but check the "
                    + "buffer before trying again", result.get("reason").getAsString());
            assertEquals(1, silent.editor.applyEditRequests.size());
        }
    }

    private static Path copy(Path to) throws java.io.IOException {
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), to);
        return to;
    }
}
