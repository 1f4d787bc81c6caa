package dev.agentls.lsp;

import dev.agentls.session.Tools;
import static dev.agentls.lsp.LspFixture.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.workspace.DocumentStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An editor's "applied" stands only once its buffers show the edit: the LSP4J client here reports its buffers as
 * editors do, or withholds them; an edit it skips while answering success is re-planned (SkippedEditReplanTest).
 */
@Tag("slow")
class EditInBuffersTest {

    static final String GREETER = ApplyEditsCommandTest.GREETER;
    static final String MAIN = "src/main/java/demo/Main.java";

    @TempDir
    Path temp;

    LspFixture lsp;

    @AfterEach
    void stop() throws Exception {
        if (lsp != null) {
            lsp.close();
        }
    }

    private LspHost start(LspFixture fixture) throws Exception {
        lsp = fixture;
        lsp.initialize();
        return lsp.connection.server().session().host();
    }

    private Path real(String relative) throws Exception {
        return lsp.root.resolve(relative).toRealPath();
    }

    @Test
    void anEditUndoneBeforeTheEditorReportedItIsNotPassedAsAppliedNorAsSkipped() throws Exception {
        LspHost host = start(LspFixture.onCopyOf("demo", temp));
        String text = lsp.open(GREETER, 1);
        lsp.sync();
        lsp.editor.withholdChanges();

        CompletableFuture<ChangeOutcome> outcome = host.applyChange(
                new FileChange.Modify(real(GREETER), OptionalInt.of(1), text, text + "// added\n"));
        await(lsp.editor.firstApplyEdit);
        lsp.didChange(GREETER, text, 3);

        assertEquals(new ChangeOutcome.Refused("the editor answered that it applied the edit, but its buffer of"
                + " Greeter.java is back to the text from before it: the editor skipped it, or the user undid it at"
                + " once. Read Greeter.java again before deciding whether to redo it"), await(outcome));
    }

    @Test
    void anAppliedEditStandsWhenTheUserTypesRightAfterIt() throws Exception {
        LspHost host = start(LspFixture.onCopyOf("demo", temp));
        String text = lsp.open(GREETER, 1);
        lsp.sync();
        lsp.editor.withholdChanges();
        String edited = text.replace("Greets people", "Welcomes people");

        CompletableFuture<ChangeOutcome> outcome = host.applyChange(
                new FileChange.Modify(real(GREETER), OptionalInt.of(1), text, edited));
        await(lsp.editor.firstApplyEdit);
        // The editor reports its buffer only after the user typed at the top: the edit and the typing together.
        lsp.didChange(GREETER, "// typed after\n" + edited, 3);

        assertEquals(new ChangeOutcome.Applied(), await(outcome));
    }

    @Test
    void anEditIsConfirmedByTheBufferTheEditorReports() throws Exception {
        LspHost host = start(LspFixture.onCopyOf("demo", temp));
        String text = lsp.open(GREETER, 1);
        lsp.sync();

        ChangeOutcome outcome = await(host.applyChange(
                new FileChange.Modify(real(GREETER), OptionalInt.of(1), text, text.replace("Greets people", "Welcomes people"))));

        assertEquals(new ChangeOutcome.Applied(), outcome);
        assertEquals(text.replace("Greets people", "Welcomes people"),
                lsp.connection.server().session().documents().snapshot(real(GREETER)).text());
    }

    @Test
    void anEditorThatNeverReportsItsBufferHasItsAnswerStandAfterTheWait() throws Exception {
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        LspHost host = start(new LspFixture(root, new StandardSessions(Duration.ofMinutes(1), Duration.ofMillis(200),
                Tools.NONE, Executors.newCachedThreadPool())));
        String text = lsp.open(GREETER, 1);
        lsp.sync();
        lsp.editor.withholdChanges();

        long started = System.nanoTime();
        ChangeOutcome outcome = await(host.applyChange(
                new FileChange.Modify(real(GREETER), OptionalInt.of(1), text, text + "// added\n")));

        assertEquals(new ChangeOutcome.Applied(), outcome);
        assertTrue(System.nanoTime() - started >= Duration.ofMillis(200).toNanos(), "it waited for the buffer");
    }

    @Test
    void aTypingReportTheEditorSentBeforeApplyingTheEditIsJudgedAgainOnItsNextReport() throws Exception {
        DocumentStore documents = new DocumentStore();
        Path file = Files.writeString(temp.resolve("Typed.java"), "one\ntwo\n");
        documents.didOpen(file, 1, "one\ntwo\n");
        // The user typed while the edit was on its way; the editor reported that before it applied the edit.
        documents.didChange(file, 2, "// typed\none\ntwo\n");
        EditInBuffers buffers = new EditInBuffers(documents, warning -> {});

        CompletableFuture<EditorAnswer> answer = buffers.confirm(
                List.of(new EditInBuffers.Sent(file, 1, "one\ntwo\n", "one\nTWO\n")), List.of(), Duration.ofMinutes(1));

        assertFalse(answer.isDone(), "a report with no sign of the edit waits for the next one");
        documents.didChange(file, 3, "// typed\none\nTWO\n");
        assertEquals(EditorAnswer.Applied.CONFIRMED, await(answer));
    }

    @Test
    void aReportShowingPartOfAMultiPartEditIsJudgedAgainOnTheEditorsNextReport() throws Exception {
        DocumentStore documents = new DocumentStore();
        Path file = Files.writeString(temp.resolve("Partial.java"), "one\ntwo\nthree\n");
        documents.didOpen(file, 1, "one\ntwo\nthree\n");
        EditInBuffers buffers = new EditInBuffers(documents, warning -> {});

        CompletableFuture<EditorAnswer> answer = buffers.confirm(List.of(new EditInBuffers.Sent(file, 1,
                "one\ntwo\nthree\n", "ONE\ntwo\nTHREE\n")), List.of(), Duration.ofMinutes(1));
        // Neovim applies the text edits bottom up and reported after the first one (its debounce had run out).
        documents.didChange(file, 2, "one\ntwo\nTHREE\n");

        assertFalse(answer.isDone(), "a report with part of the edit waits for the next one");
        documents.didChange(file, 3, "ONE\ntwo\nTHREE\n");
        assertEquals(EditorAnswer.Applied.CONFIRMED, await(answer));
    }

    @Test
    void anEditNotAsPlannedStandsWhenNoLaterReportComesWithinTheWait() throws Exception {
        DocumentStore documents = new DocumentStore();
        Path file = Files.writeString(temp.resolve("Partial.java"), "one\ntwo\nthree\n");
        documents.didOpen(file, 1, "one\ntwo\nthree\n");
        documents.didChange(file, 2, "one\ntwo\nTHREE\n");
        EditInBuffers buffers = new EditInBuffers(documents, warning -> {});

        EditorAnswer answer = await(buffers.confirm(List.of(new EditInBuffers.Sent(file, 1, "one\ntwo\nthree\n",
                "ONE\ntwo\nTHREE\n")), List.of(), Duration.ofMillis(100)));

        assertTrue(assertInstanceOf(EditorAnswer.NotApplied.class, answer).reason()
                .contains("does not show it as planned"), answer.toString());
    }

    @Test
    void aSkipStandsWhenNoLaterReportComesWithinTheWait() throws Exception {
        DocumentStore documents = new DocumentStore();
        Path file = Files.writeString(temp.resolve("Skipped.java"), "one\ntwo\n");
        documents.didOpen(file, 1, "one\ntwo\n");
        documents.didChange(file, 2, "// typed\none\ntwo\n");
        EditInBuffers buffers = new EditInBuffers(documents, warning -> {});

        EditorAnswer answer = await(buffers.confirm(
                List.of(new EditInBuffers.Sent(file, 1, "one\ntwo\n", "one\nTWO\n")), List.of(), Duration.ofMillis(100)));

        assertTrue(assertInstanceOf(EditorAnswer.NotApplied.class, answer).reason()
                .contains("the editor skipped the edit instead of refusing it"), answer.toString());
    }

    @Test
    void aBufferShowsTheEditWhenTheTypingAroundItStaysClearOfWhatItWrote() {
        String planned = "one\ntwo\nthree\nfour\n";
        EditInBuffers.Sent sent = new EditInBuffers.Sent(Path.of("f"), 1, planned, "one\nTWO\nthree\nfour\n");
        assertEquals(EditInBuffers.Verdict.SHOWN, EditInBuffers.verdict(sent, "one\nTWO\nthree\nfour\n"));
        assertEquals(EditInBuffers.Verdict.SHOWN, EditInBuffers.verdict(sent, "typed\none\nTWO\nthree\nfour\n"));
        assertEquals(EditInBuffers.Verdict.SHOWN, EditInBuffers.verdict(sent, "one\nTWO\nthree\nfour\ntyped\n"));
        assertEquals(EditInBuffers.Verdict.SHOWN, EditInBuffers.verdict(sent, "one\nTWO\nthree\nfour!\n"));
    }

    @Test
    void aBufferWithoutTheEditIsSkippedAndOneWithItElsewhereIsNotAsPlanned() {
        String planned = "one\ntwo\nthree\nfour\n";
        EditInBuffers.Sent changed = new EditInBuffers.Sent(Path.of("f"), 1, planned, "one\nTWO\nthree\nfour\n");
        assertEquals(EditInBuffers.Verdict.SKIPPED, EditInBuffers.verdict(changed, "typed\none\ntwo\nthree\nfour\n"));
        assertEquals(EditInBuffers.Verdict.SKIPPED, EditInBuffers.verdict(changed, "one\ntwo\nthree\nfour\ntyped\n"));
        EditInBuffers.Sent inserted = new EditInBuffers.Sent(Path.of("f"), 1, planned,
                "one\ntwo\nnew line\nthree\nfour\n");
        assertEquals(EditInBuffers.Verdict.SKIPPED, EditInBuffers.verdict(inserted, "one\ntwo\nthree\nfour\n!\n"));
        // Positions for the old text applied after a line typed at the top: the new line lands a line too early.
        assertEquals(EditInBuffers.Verdict.NOT_AS_PLANNED,
                EditInBuffers.verdict(inserted, "typed\none\nnew line\ntwo\nthree\nfour\n"));
        assertEquals(EditInBuffers.Verdict.REVERTED, EditInBuffers.verdict(inserted, planned),
                "the text from before the edit: skipped, or undone at once");
        EditInBuffers.Sent deleted = new EditInBuffers.Sent(Path.of("f"), 1, planned, "one\nthree\nfour\n");
        assertEquals(EditInBuffers.Verdict.SKIPPED, EditInBuffers.verdict(deleted, "one\ntwo\nthree\nfour\nfive\n"));
        assertEquals(EditInBuffers.Verdict.SHOWN, EditInBuffers.verdict(deleted, "one\nthree\nfour\nfive\n"));
    }
}
