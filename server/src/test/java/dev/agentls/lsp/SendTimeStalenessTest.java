package dev.agentls.lsp;

import static dev.agentls.lsp.LspFixture.await;
import static dev.agentls.lsp.LspFixture.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Staleness at send time: the user types in a buffer after an edit was planned on it, before the edit is sent, or
 * while it is on its way and the editor refuses it for the version the typing moved past (Helix). Clear of the
 * edit's lines, the edit is re-planned by content on the newest text and lands with the typing; on the edit's lines
 * or the ones next to them it is refused, naming the user's lines, and the buffer keeps the typing. A real server and
 * an LSP4J client over pipes, on a copy of test-workspaces/demo.
 */
@Tag("slow")
class SendTimeStalenessTest {

    static final String GREETER = ApplyEditsCommandTest.GREETER;
    static final String ORIGINAL = "        return greeting + \", \" + name + \"!\";";
    static final String STRIPPED = "        return greeting + \", \" + name.strip() + \"!\";";

    @TempDir
    Path temp;

    LspFixture lsp;

    @AfterEach
    void stop() throws Exception {
        if (lsp != null) {
            lsp.close();
        }
    }

    /** A server on a fresh demo copy, initialized as {@code client} declares itself. */
    private LspHost start(RealClient client) throws Exception {
        lsp = LspFixture.onCopyOf("demo", temp);
        InitializeParams params = new InitializeParams();
        params.setWorkspaceFolders(List.of(new WorkspaceFolder(lsp.root.toUri().toString(), "demo")));
        params.setCapabilities(client.capabilities());
        lsp.initialize(params);
        return lsp.connection.server().session().host();
    }

    private Path greeter() throws Exception {
        return lsp.root.resolve(GREETER).toRealPath();
    }

    private String buffer() {
        return lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow().text();
    }

    private int sentVersion(int request) {
        return lsp.editor.applyEditRequests.get(request).getEdit().getDocumentChanges().get(0).getLeft()
                .getTextDocument().getVersion();
    }

    @Test
    void typingElsewhereBetweenPlanAndSendIsCarriedOverAndBothStand() throws Exception {
        LspHost host = start(RealClient.helix());
        String text = lsp.open(GREETER, 1);
        FileChange change = new FileChange.Modify(greeter(), OptionalInt.of(1), text, text.replace(ORIGINAL, STRIPPED));
        lsp.type(GREETER, "// typed 1\n// typed 2\n" + text, 2);
        lsp.sync();

        ChangeOutcome outcome = await(host.applyChange(change));

        assertEquals(new ChangeOutcome.Applied("Greeter.java changed in the editor's buffer after the edit was planned:"
                + " the edit was carried over past the user's typing at lines 1-2 onto the text as it is now, at"
                + " lines 17-17 (planned at 15-15); the user's lines stand. Read Greeter.java again before editing"
                + " near them"), outcome);
        assertEquals(1, lsp.editor.applyEditRequests.size());
        assertEquals(2, sentVersion(0), "sent for the buffer's newest version");
        assertEquals("// typed 1\n// typed 2\n" + text.replace(ORIGINAL, STRIPPED), buffer());
    }

    @Test
    void typingOnTheEditedLineBetweenPlanAndSendIsRefusedNamingItAndTheBufferIsUntouched() throws Exception {
        LspHost host = start(RealClient.helix());
        String text = lsp.open(GREETER, 1);
        FileChange change = new FileChange.Modify(greeter(), OptionalInt.of(1), text, text.replace(ORIGINAL, STRIPPED));
        String typed = text.replace(ORIGINAL, "        return greeting + \", \" + name.trim() + \"!\";");
        lsp.type(GREETER, typed, 2);
        lsp.sync();

        ChangeOutcome outcome = await(host.applyChange(change));

        assertEquals(new ChangeOutcome.Refused("Greeter.java changed in the editor's buffer after the edit was planned"
                + " (the user changed line 15), and the edit touches those lines or the ones next to them; nothing"
                + " was applied, so the user's typing stands. Read Greeter.java again and redo the edit on the text"
                + " as it is now"), outcome);
        assertEquals(0, lsp.editor.applyEditRequests.size(), "nothing sent");
        assertEquals(typed, buffer());
    }

    @Test
    void typingOnTheLineNextToTheEditBetweenPlanAndSendIsRefusedToo() throws Exception {
        LspHost host = start(RealClient.helix());
        String text = lsp.open(GREETER, 1);
        FileChange change = new FileChange.Modify(greeter(), OptionalInt.of(1), text, text.replace(ORIGINAL, STRIPPED));
        String typed = text.replace("    public String greet(String name) {",
                "    public String greet(String name) { // typed");
        lsp.type(GREETER, typed, 2);
        lsp.sync();

        ChangeOutcome outcome = await(host.applyChange(change));

        ChangeOutcome.Refused refused = (ChangeOutcome.Refused) outcome;
        assertTrue(refused.reason().startsWith("Greeter.java changed in the editor's buffer after the edit was"
                + " planned (the user changed line 14), and the edit touches those lines or the ones next to them"),
                refused.reason());
        assertEquals(0, lsp.editor.applyEditRequests.size());
        assertEquals(typed, buffer());
    }

    @Test
    void anEditReadFromDiskIsCarriedOverPastAChangeOnDiskElsewhere() throws Exception {
        LspHost host = start(RealClient.helix());
        Path greeter = greeter();
        String text = Files.readString(greeter);
        FileChange change = new FileChange.Modify(greeter, OptionalInt.empty(), text, text.replace(ORIGINAL, STRIPPED));
        Files.writeString(greeter, "// someone else\n" + text);

        ChangeOutcome outcome = await(host.applyChange(change));

        ChangeOutcome.Applied applied = (ChangeOutcome.Applied) outcome;
        assertTrue(applied.note().startsWith("Greeter.java changed on disk after the edit was planned: the edit was"
                + " carried over past the user's typing at line 1 onto the text as it is now, at lines 16-16"),
                applied.note());
        assertEquals(null, lsp.editor.applyEditRequests.get(0).getEdit().getDocumentChanges().get(0).getLeft()
                .getTextDocument().getVersion(), "a file no buffer holds is sent unversioned");
    }

    @Test
    void helixRefusingTheVersionTheTypingMovedPastGetsTheEditReplannedOnceOnTheNewTextAndApplied() throws Exception {
        start(RealClient.helix());
        String text = lsp.open(GREETER, 1);
        AtomicInteger edits = new AtomicInteger();
        // Helix sends the typing's didChange as the user types, before it answers the edit (a version mismatch).
        lsp.editor.beforeAnswering(params -> {
            if (edits.getAndIncrement() == 0) {
                lsp.type(GREETER, "// typed while the edit was on its way\n" + text, 2);
            }
        });

        JsonObject result = json(await(lsp.applyEdits(GREETER, ApplyEditsCommandTest.GREET_EDIT)));

        assertTrue(result.get("applied").getAsBoolean(), result.toString());
        assertEquals(2, lsp.editor.applyEditRequests.size(), "refused once, sent once more");
        assertEquals(1, sentVersion(0));
        assertEquals(2, sentVersion(1));
        String note = result.get("note").getAsString();
        assertTrue(note.startsWith("The editor refused the edit: version mismatch for " + lsp.uri(GREETER)
                + ": edit is for 1, buffer is at 2 (the user typed while it was on its way: Greeter.java from version"
                + " 1 to 2), so it was re-planned on the newest text and sent again. Greeter.java changed in the"
                + " editor's buffer after the edit was planned: the edit was carried over past the user's typing at"
                + " line 1 onto the text as it is now, at lines 16-16 (planned at 15-15)"), note);
        assertEquals("// typed while the edit was on its way\n" + text.replace(ORIGINAL, STRIPPED), buffer());
    }

    @Test
    void aRefusalThatOvertakesTheReportOfTheTypingStillGetsTheEditReplanned() throws Exception {
        start(RealClient.helix());
        String text = lsp.open(GREETER, 1);
        String typed = "// typed\n" + text;
        AtomicInteger edits = new AtomicInteger();
        // The editor's buffer moves on at once, but its report reaches the server only after the refusal.
        lsp.editor.beforeAnswering(params -> {
            if (edits.getAndIncrement() == 0) {
                lsp.editor.model.open(lsp.uri(GREETER), typed, 2);
                CompletableFuture.delayedExecutor(100, TimeUnit.MILLISECONDS)
                        .execute(() -> lsp.didChange(GREETER, typed, 2));
            }
        });

        JsonObject result = json(await(lsp.applyEdits(GREETER, ApplyEditsCommandTest.GREET_EDIT)));

        assertTrue(result.get("applied").getAsBoolean(), result.toString());
        assertEquals(2, lsp.editor.applyEditRequests.size());
        assertEquals(2, sentVersion(1));
        assertEquals("// typed\n" + text.replace(ORIGINAL, STRIPPED), buffer());
    }

    @Test
    void helixRefusingAReplannedEditWhoseLinesTheUserTypedOnIsRefusedToTheCaller() throws Exception {
        start(RealClient.helix());
        String text = lsp.open(GREETER, 1);
        String typed = text.replace(ORIGINAL, "        return greeting + \" \" + name;");
        lsp.editor.beforeAnswering(params -> {
            if (lsp.editor.applyEditRequests.size() == 1) {
                lsp.type(GREETER, typed, 2);
            }
        });

        JsonObject result = json(await(lsp.applyEdits(GREETER, ApplyEditsCommandTest.GREET_EDIT)));

        assertFalse(result.get("applied").getAsBoolean(), result.toString());
        String reason = result.get("reason").getAsString();
        assertTrue(reason.startsWith("the editor refused the edit: version mismatch for " + lsp.uri(GREETER)
                + ": edit is for 1, buffer is at 2 (the user typed while it was on its way: Greeter.java from version"
                + " 1 to 2), so it was re-planned on the newest text and sent again; but Greeter.java changed in the"
                + " editor's buffer after the edit was planned (the user changed line 15), and the edit touches those"
                + " lines or the ones next to them; nothing was applied, so the user's typing stands."), reason);
        assertEquals(1, lsp.editor.applyEditRequests.size(), "the re-planned edit was not sent");
        assertEquals(typed, buffer());
    }

    @Test
    void aTwoFileEditRefusedForTypingInOneOfItsBuffersIsReplannedWholeAndLandsInBoth() throws Exception {
        start(RealClient.helix());
        String main = "src/main/java/demo/Main.java";
        String greeterText = lsp.open(GREETER, 1);
        String mainText = lsp.open(main, 1);
        lsp.editor.beforeAnswering(params -> {
            if (lsp.editor.applyEditRequests.size() == 1) {
                lsp.type(main, "// typed in Main\n" + mainText, 2);
            }
        });
        String diff = Files.readString(LspFixture.repoRoot().resolve("scripts/demo-edits/greeter.edit"));

        JsonObject result = json(await(lsp.applyEdits(GREETER, diff)));

        assertTrue(result.get("applied").getAsBoolean(), result.toString());
        assertEquals(2, lsp.editor.applyEditRequests.size());
        var resent = lsp.editor.applyEditRequests.get(1).getEdit().getDocumentChanges();
        assertEquals(List.of(1, 2), resent.stream().map(c -> c.getLeft().getTextDocument().getVersion()).toList(),
                "Greeter.java resent at its unchanged version, Main.java at the typing's");
        assertTrue(result.get("note").getAsString().contains("(the user typed while it was on its way: Main.java from"
                + " version 1 to 2)"), result.toString());
        assertTrue(buffer().contains("name.isBlank()") && !greeterText.contains("name.isBlank()"), buffer());
        String mainNow = lsp.editor.model.buffer(lsp.uri(main)).orElseThrow().text();
        assertTrue(mainNow.startsWith("// typed in Main\n") && mainNow.contains("List.of(args)"), mainNow);
    }

    @Test
    void aCrlfBufferTheUserTypedInElsewhereKeepsItsLineEndingsWhenTheEditIsCarriedOver() throws Exception {
        LspHost host = start(RealClient.helix());
        Path dos = lsp.root.resolve("src/main/java/demo/Dos.java");
        String text = "class Dos {\r\n    int a = 1;\r\n    int b = 2;\r\n\r\n    int c = 3;\r\n}\r\n";
        Files.writeString(dos, text);
        String relative = "src/main/java/demo/Dos.java";
        lsp.open(relative, 1);
        FileChange change = new FileChange.Modify(dos.toRealPath(), OptionalInt.of(1), text,
                text.replace("    int a = 1;\r\n", "    int a = 10;\r\n    long z = 0;\r\n"));
        String typed = text.replace("    int c = 3;\r\n", "    int c = 3;\r\n    // typed\r\n");
        lsp.type(relative, typed, 2);
        lsp.sync();

        ChangeOutcome outcome = await(host.applyChange(change));

        assertTrue(outcome instanceof ChangeOutcome.Applied, outcome.toString());
        assertEquals("class Dos {\r\n    int a = 10;\r\n    long z = 0;\r\n    int b = 2;\r\n\r\n    int c = 3;\r\n"
                + "    // typed\r\n}\r\n", lsp.editor.model.buffer(lsp.uri(relative)).orElseThrow().text());
        assertEquals(2, sentVersion(0));
    }

    @Test
    void aClientThatKeepsMovingItsBufferWhileRefusingGetsOneReplanThenAClearRefusal() throws Exception {
        start(RealClient.helix());
        String text = lsp.open(GREETER, 1);
        // A hostile client: every edit it gets, it first "types" a new top line (reported), then refuses as stale.
        lsp.editor.beforeAnswering(params -> {
            EditorModel.Buffer now = lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow();
            lsp.type(GREETER, "// typed " + now.version() + "\n" + now.text(), now.version() + 1);
        });

        long started = System.nanoTime();
        JsonObject result = json(await(lsp.applyEdits(GREETER, ApplyEditsCommandTest.GREET_EDIT)));
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertFalse(result.get("applied").getAsBoolean(), result.toString());
        assertEquals(2, lsp.editor.applyEditRequests.size(), "one re-plan, no loop");
        String reason = result.get("reason").getAsString();
        assertTrue(reason.startsWith("the editor refused the edit: version mismatch for " + lsp.uri(GREETER)
                + ": edit is for 1, buffer is at 2 (the user typed while it was on its way: Greeter.java from version"
                + " 1 to 2), so it was re-planned on the newest text and sent again; and it was refused again (the"
                + " editor refused the edit: version mismatch for " + lsp.uri(GREETER) + ": edit is for 2, buffer is"
                + " at 3): the buffer kept changing while the edit was on its way, so it is not re-planned a second"
                + " time. Nothing was applied, so the user's typing stands."), reason);
        assertEquals("// typed 2\n// typed 1\n" + text, buffer(), "only the typing, never the edit");
        assertTrue(millis < 10_000, "answered in " + millis + " ms");
    }
}
