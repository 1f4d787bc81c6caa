package dev.agentls.lsp;

import dev.agentls.session.Tools;
import static dev.agentls.lsp.LspFixture.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An edit an editor skips while answering "applied" (Neovim 0.7 does, for a versioned edit its buffer moved past) is
 * re-planned past the typing and sent once more, by the rule of an edit refused for typing: only when the server's
 * reports show the buffers moved past the versions sent and no buffer shows the edit. The LSP4J client here skips as
 * Neovim 0.7 does (its report of the buffer after the skip is what tells the server); NeovimEndToEndTest shows the
 * real Neovim.
 */
@Tag("slow")
class SkippedEditReplanTest {

    static final String GREETER = ApplyEditsCommandTest.GREETER;
    static final String MAIN = EditInBuffersTest.MAIN;

    @TempDir
    Path temp;

    LspFixture lsp;
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() throws Exception {
        if (lsp != null) {
            lsp.close();
        }
        pool.shutdownNow();
    }

    private LspHost start(Executor background) throws Exception {
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        lsp = new LspFixture(root, new StandardSessions(Duration.ofMinutes(1), StandardSessions.EDIT_REPORT_WAIT,
                Tools.NONE, background));
        lsp.initialize();
        return lsp.connection.server().session().host();
    }

    private Path real(String relative) throws Exception {
        return lsp.root.resolve(relative).toRealPath();
    }

    /**
     * The editor skips stale edits as Neovim 0.7 does, and the user's line reaches its Greeter buffer (version 2) just
     * before the first edit, sent for version 1, does. Returns the buffer's text with that line.
     */
    private String typesBeforeTheFirstEditArrives(String text) {
        String typed = "// typed, not sent yet\n" + text;
        lsp.editor.skipStaleEditsLikeNeovim();
        lsp.editor.beforeAnswering(params -> {
            if (lsp.editor.applyEditRequests.size() == 1) {
                lsp.editor.model.open(lsp.uri(GREETER), typed, 2);
            }
        });
        return typed;
    }

    private String bufferText(String relative) {
        return lsp.editor.model.buffer(lsp.uri(relative)).orElseThrow().text();
    }

    @Test
    void anEditSkippedForTypingTheServerHadNotSeenIsReplannedPastItAndLandsOnce() throws Exception {
        LspHost host = start(pool);
        String text = lsp.open(GREETER, 1);
        lsp.sync();
        String typed = typesBeforeTheFirstEditArrives(text);

        ChangeOutcome outcome = await(host.applyChange(
                new FileChange.Modify(real(GREETER), OptionalInt.of(1), text, text + "// added\n")));

        String note = assertInstanceOf(ChangeOutcome.Applied.class, outcome).note();
        assertTrue(note.startsWith("The editor answered that it applied the edit but skipped it, as its buffer had"
                + " moved past the version the edit was sent for (the user typed while it was on its way:"
                + " Greeter.java from version 1 to 2), so it was re-planned on the newest text and sent again"), note);
        assertTrue(note.contains("carried over past the user's typing at line 1"), note);
        assertEquals(typed + "// added\n", bufferText(GREETER), "the edit once, after the user's line");
        assertEquals(2, lsp.editor.applyEditRequests.size());
        assertEquals(2, lsp.editor.applyEditRequests.get(1).getEdit().getDocumentChanges().get(0).getLeft()
                .getTextDocument().getVersion(), "sent again for the version the editor reported");
        assertEquals(text, Files.readString(real(GREETER)), "the buffer is edited, unsaved");
    }

    @Test
    void anEditSkippedAgainAfterItsReplanIsNotAppliedAndNotSentAThirdTime() throws Exception {
        LspHost host = start(pool);
        String text = lsp.open(GREETER, 1);
        lsp.sync();
        lsp.editor.skipStaleEditsLikeNeovim();
        // The user keeps typing at the top: every edit arrives one version late.
        lsp.editor.beforeAnswering(params -> {
            int sent = params.getEdit().getDocumentChanges().get(0).getLeft().getTextDocument().getVersion();
            lsp.editor.model.open(lsp.uri(GREETER), "// typed " + sent + "\n" + bufferText(GREETER), sent + 1);
        });

        ChangeOutcome outcome = await(host.applyChange(
                new FileChange.Modify(real(GREETER), OptionalInt.of(1), text, text + "// added\n")));

        String reason = assertInstanceOf(ChangeOutcome.Refused.class, outcome).reason();
        assertTrue(reason.startsWith("the editor answered that it applied the edit but skipped it, as its buffer had"
                + " moved past the version the edit was sent for (the user typed while it was on its way:"
                + " Greeter.java from version 1 to 2), so it was re-planned on the newest text and sent again; and it"
                + " was refused again (the editor answered that it applied the edit but skipped it"), reason);
        assertTrue(reason.endsWith("it is not re-planned a second time. Nothing was applied, so the user's typing"
                + " stands. Read the file again and redo the edit"), reason);
        assertEquals(2, lsp.editor.applyEditRequests.size(), "sent twice, never a third time");
        assertEquals("// typed 2\n// typed 1\n" + text, bufferText(GREETER));
    }

    @Test
    void aSkipWhoseTypingTouchesTheEditsLinesIsRefusedNamingThemAndNotSentAgain() throws Exception {
        LspHost host = start(pool);
        String text = lsp.open(GREETER, 1);
        lsp.sync();
        String typed = text.replace("Greets people by name.", "Greets people by their name.");
        lsp.editor.skipStaleEditsLikeNeovim();
        lsp.editor.beforeAnswering(params -> {
            if (lsp.editor.applyEditRequests.size() == 1) {
                lsp.editor.model.open(lsp.uri(GREETER), typed, 2);
            }
        });
        int line = lineOf(text, "Greets people by name.");

        ChangeOutcome outcome = await(host.applyChange(new FileChange.Modify(real(GREETER), OptionalInt.of(1), text,
                text.replace("Greets people by name.", "Welcomes people by name."))));

        String reason = assertInstanceOf(ChangeOutcome.Refused.class, outcome).reason();
        assertTrue(reason.contains("Greeter.java changed in the editor's buffer after the edit was planned (the user"
                + " changed line " + line + "), and the edit touches those lines or the ones next to them; nothing"
                + " was applied, so the user's typing stands"), reason);
        assertTrue(reason.startsWith("the editor answered that it applied the edit but skipped it"), reason);
        assertEquals(1, lsp.editor.applyEditRequests.size(), "a re-plan that does not fit is not sent");
        assertEquals(typed, bufferText(GREETER));
    }

    @Test
    void aMultiFileEditThatWasAppliedInOneBufferIsNotSentAgainForTheOneThatSkippedIt() throws Exception {
        LspHost host = start(pool);
        String greeter = lsp.open(GREETER, 1);
        String main = lsp.open(MAIN, 1);
        lsp.sync();
        lsp.editor.skipStaleEditsLikeNeovim();
        lsp.editor.beforeAnswering(params -> lsp.editor.model.open(lsp.uri(MAIN), main + "// typed\n", 2));

        ChangeOutcome outcome = await(host.applyChanges(List.of(
                new FileChange.Modify(real(GREETER), OptionalInt.of(1), greeter, "// one\n" + greeter),
                new FileChange.Modify(real(MAIN), OptionalInt.of(1), main, "// two\n" + main))));

        String reason = assertInstanceOf(ChangeOutcome.Refused.class, outcome).reason();
        assertTrue(reason.contains("its buffer of Main.java does not show it"), reason);
        assertTrue(reason.endsWith("The edit did land in Greeter.java"), reason);
        assertEquals(1, lsp.editor.applyEditRequests.size(), "Greeter.java shows the edit: sending it again would"
                + " apply it twice there");
        assertEquals("// one\n" + greeter, bufferText(GREETER));
    }

    @Test
    void theServerKeepsAnsweringWhileASkippedEditIsReplanned() throws Exception {
        HeldTasks held = new HeldTasks(pool);
        LspHost host = start(held);
        String text = lsp.open(GREETER, 1);
        lsp.sync();
        String typed = typesBeforeTheFirstEditArrives(text);
        held.hold();

        CompletableFuture<ChangeOutcome> outcome = host.applyChange(
                new FileChange.Modify(real(GREETER), OptionalInt.of(1), text, text + "// added\n"));
        // The re-plan is handed to the session's executor, which holds it: it cannot be running on the reader thread.
        held.firstHeld().get(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS);

        lsp.sync();
        ExecutionException unknown = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                () -> lsp.execute("agentls.nothing").get(5, TimeUnit.SECONDS));
        assertTrue(unknown.getCause().getMessage().contains("unknown command 'agentls.nothing'"),
                unknown.getCause().getMessage());
        assertFalse(outcome.isDone(), "the re-plan is still held");
        assertEquals(1, lsp.editor.applyEditRequests.size());

        held.release();
        assertInstanceOf(ChangeOutcome.Applied.class, await(outcome));
        assertEquals(typed + "// added\n", bufferText(GREETER));
    }

    private static int lineOf(String text, String part) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(part)) {
                return i + 1;
            }
        }
        throw new AssertionError(part + " not in the text");
    }

    /** An executor that, once told to hold, keeps the tasks it is given until released, then runs them on a pool. */
    private static final class HeldTasks implements Executor {
        private final Executor pool;
        private final List<Runnable> waiting = new ArrayList<>();
        private final CompletableFuture<Void> firstHeld = new CompletableFuture<>();
        private boolean holding;

        HeldTasks(Executor pool) {
            this.pool = pool;
        }

        synchronized void hold() {
            holding = true;
        }

        CompletableFuture<Void> firstHeld() {
            return firstHeld;
        }

        @Override
        public void execute(Runnable task) {
            synchronized (this) {
                if (holding) {
                    waiting.add(task);
                    firstHeld.complete(null);
                    return;
                }
            }
            pool.execute(task);
        }

        void release() {
            List<Runnable> tasks;
            synchronized (this) {
                holding = false;
                tasks = List.copyOf(waiting);
                waiting.clear();
            }
            tasks.forEach(pool::execute);
        }
    }
}
