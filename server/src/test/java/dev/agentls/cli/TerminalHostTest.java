package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.workspace.AtomicWriter;
import dev.agentls.workspace.DocumentStore;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link TerminalHost}: atomic batches with rollback, stale refusals, questions on and off a terminal. */
class TerminalHostTest {

    @TempDir
    Path temp;

    private final ByteArrayOutputStream status = new ByteArrayOutputStream();

    private TerminalHost host(TerminalHost.Prompter prompter) {
        return new TerminalHost(new DocumentStore(), new AtomicWriter(), prompter,
                new PrintStream(status, true, StandardCharsets.UTF_8));
    }

    @Test
    void keepsTheBomAndRestoresWrittenFilesWhenALaterWriteFails() throws Exception {
        Path first = temp.resolve("First.java");
        byte[] original = "\uFEFFclass First {}\r\n".getBytes(StandardCharsets.UTF_8);
        Files.write(first, original);
        Path blocker = temp.resolve("blocker.txt");
        Files.writeString(blocker, "a file, so no folder can be made here\n");

        ChangeOutcome outcome = host(TerminalHost.Prompter.none()).applyChanges(List.of(
                new FileChange.Modify(first, OptionalInt.empty(), "class First {}\r\n", "class First { int x; }\r\n"),
                new FileChange.Create(blocker.resolve("child.txt"), "never\n"))).join();

        assertTrue(outcome instanceof ChangeOutcome.Refused, outcome.toString());
        String reason = ((ChangeOutcome.Refused) outcome).reason();
        assertTrue(reason.startsWith("writing " + blocker.resolve("child.txt") + " failed: "), reason);
        assertTrue(reason.endsWith("; the 1 file(s) written before it were restored"), reason);
        assertEquals(new String(original, StandardCharsets.UTF_8), Files.readString(first));
    }

    @Test
    void writesWithTheFilesBomKept() throws Exception {
        Path file = temp.resolve("Bom.java");
        Files.write(file, "\uFEFFclass Bom {}\n".getBytes(StandardCharsets.UTF_8));

        ChangeOutcome outcome = host(TerminalHost.Prompter.none()).applyChange(
                new FileChange.Modify(file, OptionalInt.empty(), "class Bom {}\n", "class Bom { }\n")).join();

        assertEquals(new ChangeOutcome.Applied(), outcome);
        assertEquals("\uFEFFclass Bom { }\n", Files.readString(file));
    }

    @Test
    void refusesAChangeWhenTheFileChangedOnDiskAndWritesNothing() throws Exception {
        Path file = temp.resolve("A.txt");
        Files.writeString(file, "now\n");

        ChangeOutcome outcome = host(TerminalHost.Prompter.none()).applyChange(
                new FileChange.Modify(file, OptionalInt.empty(), "then\n", "later\n")).join();

        assertEquals(new ChangeOutcome.Refused(file + " changed on disk since the edit was prepared; nothing was written"),
                outcome);
        assertEquals("now\n", Files.readString(file));
    }

    @Test
    void refusesToCreateAFileThatExists() throws Exception {
        Path file = temp.resolve("A.txt");
        Files.writeString(file, "here\n");

        ChangeOutcome outcome = host(TerminalHost.Prompter.none()).applyChange(new FileChange.Create(file, "x\n")).join();

        assertEquals(new ChangeOutcome.Refused(file + " already exists; nothing was written"), outcome);
        assertEquals("here\n", Files.readString(file));
    }

    @Test
    void declinesEveryQuestionWhenNobodyCanAnswer() {
        TerminalHost host = host(TerminalHost.Prompter.none());
        assertFalse(host.confirm("Delete build/?", "").join());
        assertEquals(Optional.empty(), host.ask("Which one?", List.of("a", "b")).join());
    }

    @Test
    void asksOnAnInteractiveTerminal() {
        ByteArrayOutputStream shown = new ByteArrayOutputStream();
        TerminalHost host = host(new TerminalHost.Prompter(new BufferedReader(new StringReader("y\n2\n")),
                new PrintStream(shown, true, StandardCharsets.UTF_8), Runnable::run));

        assertTrue(host.confirm("Delete build/?", "It holds only generated files.").join());
        assertEquals(Optional.of("Gradle"), host.ask("Which build tool?", List.of("Maven", "Gradle")).join());
        String prompts = shown.toString(StandardCharsets.UTF_8);
        assertTrue(prompts.contains("Delete build/?\nIt holds only generated files. [y/N]"), prompts);
        assertTrue(prompts.contains("  2) Gradle"), prompts);
    }

    @Test
    void deletesABinaryFileAndRestoresItByteForByteWhenALaterWriteFails() throws Exception {
        Path image = temp.resolve("logo.png");
        byte[] bytes = {(byte) 0x89, 'P', 'N', 'G', 0, 0, 0, 13, (byte) 0xFF};
        Files.write(image, bytes);
        Path blocker = Files.writeString(temp.resolve("blocker.txt"), "a file\n");

        ChangeOutcome outcome = host(TerminalHost.Prompter.none()).applyChanges(List.of(
                new FileChange.Delete(image), new FileChange.Create(blocker.resolve("child.txt"), "x\n"))).join();

        assertTrue(outcome instanceof ChangeOutcome.Refused, outcome.toString());
        assertEquals(java.util.Arrays.toString(bytes), java.util.Arrays.toString(Files.readAllBytes(image)));

        assertEquals(new ChangeOutcome.Applied(),
                host(TerminalHost.Prompter.none()).applyChange(new FileChange.Delete(image)).join());
        assertFalse(Files.exists(image));
    }

    @Test
    void writesBinaryBytesExactlyAndTakesThemBackWhenALaterWriteFails() throws Exception {
        Path image = temp.resolve("logo.png");
        byte[] before = {(byte) 0x89, 'P', 'N', 'G', 0, 1};
        byte[] after = {(byte) 0x89, 'P', 'N', 'G', 0, 2, (byte) 0xFE};
        Files.write(image, before);
        Path blocker = Files.writeString(temp.resolve("blocker.txt"), "a file\n");

        ChangeOutcome failed = host(TerminalHost.Prompter.none()).applyChanges(List.of(
                new FileChange.WriteBytes(image, after), new FileChange.Create(blocker.resolve("child.txt"), "x\n")))
                .join();
        assertTrue(failed instanceof ChangeOutcome.Refused, failed.toString());
        assertArrayEquals(before, Files.readAllBytes(image));

        Path created = temp.resolve("new/icon.bin");
        assertEquals(new ChangeOutcome.Applied(), host(TerminalHost.Prompter.none()).applyChanges(List.of(
                new FileChange.WriteBytes(image, after), new FileChange.WriteBytes(created, before))).join());
        assertArrayEquals(after, Files.readAllBytes(image));
        assertArrayEquals(before, Files.readAllBytes(created));
    }
}
