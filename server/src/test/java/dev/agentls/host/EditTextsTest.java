package dev.agentls.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.edit.BlockMatch;
import dev.agentls.edit.EditOutcome;
import dev.agentls.edit.IndexedText;
import dev.agentls.edit.SearchReplaceBlock;
import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.tools.TestWorkspace;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileRefusedException;
import dev.agentls.workspace.Snapshot;
import dev.agentls.workspace.TextFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An open buffer's line starts, built by the document store once per version, reach the edit engine through
 * {@link EditTexts}; the engine then numbers matches from them instead of counting, and must give exactly what it
 * gives on the text alone. Checked over every text file of temp copies of {@code test-workspaces/}, with seeded
 * multi-block edits in file order (the engine keeps the original's tail) and shuffled (it joins the text).
 */
class EditTextsTest {

    @TempDir
    Path dir;

    private final SearchReplaceEngine engine = new SearchReplaceEngine();

    @Test
    void anOpenBuffersLineStartsGiveTheSameEditsAsTheTextAloneInFileOrderAndShuffled() throws IOException {
        DocumentStore store = new DocumentStore();
        Random random = new Random(20261124L);
        int cases = 0;
        int checkedAgainstReference = 0;
        for (Path file : textFiles()) {
            String disk;
            try {
                disk = store.snapshot(file).text();
            } catch (FileRefusedException binary) {
                continue;
            }
            store.didOpen(file, 1, disk);
            Snapshot snapshot = store.snapshot(file);
            assertTrue(snapshot.lines().isBuilt(), file + ": an open buffer's starts are built as it arrives");
            String text = snapshot.text();
            List<int[]> runs = uniqueRuns(text);
            for (int i = 0; i < 200 && !runs.isEmpty(); i++) {
                List<int[]> picked = pick(runs, 1 + random.nextInt(5), random);
                boolean shuffled = random.nextBoolean();
                if (shuffled) {
                    Collections.shuffle(picked, random);
                }
                List<SearchReplaceBlock> blocks = new ArrayList<>();
                for (int[] run : picked) {
                    String search = text.substring(run[0], run[1]);
                    blocks.add(new SearchReplaceBlock(blocks.size() + 1, search, search.replace("\n", "  // edited\n")));
                }
                EditOutcome indexed = engine.apply(EditTexts.of(snapshot), blocks);
                EditOutcome alone = engine.apply(text, blocks);
                assertEquals(alone, indexed, file + ", blocks " + describe(picked));
                cases++;
                if (text.indexOf('\r') < 0) {
                    EditOutcome.Applied applied = assertInstanceOf(EditOutcome.Applied.class, indexed,
                            file + ", blocks " + describe(picked));
                    assertEquals(reference(text, picked), applied.newText(), file + ", blocks " + describe(picked));
                    for (int b = 0; b < picked.size(); b++) {
                        BlockMatch match = applied.matches().get(b);
                        assertEquals(lineOf(text, picked.get(b)[0]), match.startLine(), file + " block " + (b + 1));
                        assertEquals("exact", match.strategy());
                    }
                    checkedAgainstReference++;
                }
            }
            store.didClose(file);
        }
        assertTrue(cases >= 1_000, "only " + cases + " cases");
        assertTrue(checkedAgainstReference >= 1_000, "only " + checkedAgainstReference + " checked against the reference");
    }

    @Test
    void anAsciiFileReadFromDiskGoesToTheEngineWithTheStartsItsReaderFoundAndNoHashesMade() throws IOException {
        Path file = Files.writeString(dir.resolve("a.txt"), "one\ntwo\n");
        Snapshot fromDisk = new DocumentStore().snapshot(file);
        assertTrue(fromDisk.lines().isBuilt(), "found by the reader in the pass that read the bytes");
        assertFalse(fromDisk.lines().hasHashes());
        EditOutcome outcome = engine.apply(EditTexts.of(fromDisk), List.of(new SearchReplaceBlock(1, "two\n", "2\n")));
        assertEquals("one\n2\n", assertInstanceOf(EditOutcome.Applied.class, outcome).newText());
        assertFalse(fromDisk.lines().hasHashes(), "a one-block edit must not have hashed every line of a disk read");
        assertEquals(outcome, engine.apply("a.txt", fromDisk.text(), List.of(new SearchReplaceBlock(1, "two\n", "2\n"))));
    }

    @Test
    void aFilePastAsciiReadFromDiskGoesToTheEngineWithTheStartsItsReaderFoundAndNoHashesMade() throws IOException {
        Path file = Files.writeString(dir.resolve("b.txt"), "\u00e9one\n\ud83c\udf89two\n");
        Snapshot fromDisk = new DocumentStore().snapshot(file);
        assertTrue(fromDisk.lines().isBuilt(), "found by the reader in the pass that decoded the bytes");
        assertEquals(5, fromDisk.lines().start(1));
        EditOutcome outcome = engine.apply(EditTexts.of(fromDisk),
                List.of(new SearchReplaceBlock(1, "\ud83c\udf89two\n", "2\n")));
        assertEquals("\u00e9one\n2\n", assertInstanceOf(EditOutcome.Applied.class, outcome).newText());
        assertFalse(fromDisk.lines().hasHashes(), "a one-block edit must not have hashed every line of a disk read");
        assertEquals(outcome, engine.apply("b.txt", fromDisk.text(),
                List.of(new SearchReplaceBlock(1, "\ud83c\udf89two\n", "2\n"))));
    }

    @Test
    void aSnapshotWhoseStartsNobodyFoundGoesToTheEngineWithoutThemUntilSomeoneBuiltThem() {
        Snapshot unindexed = new Snapshot(dir.resolve("c.txt"), "\u00e9one\ntwo\n", java.util.OptionalInt.empty(),
                TextFormat.detect("\u00e9one\ntwo\n", false));
        assertFalse(unindexed.lines().isBuilt());
        EditOutcome outcome = engine.apply(EditTexts.of(unindexed), List.of(new SearchReplaceBlock(1, "two\n", "2\n")));
        assertEquals("\u00e9one\n2\n", assertInstanceOf(EditOutcome.Applied.class, outcome).newText());
        assertFalse(unindexed.lines().isBuilt(), "the edit must not have built the whole index");
        assertEquals(2, unindexed.lines().lineCount());
        assertTrue(unindexed.lines().isBuilt());
        assertEquals(outcome, engine.apply(EditTexts.of(unindexed), List.of(new SearchReplaceBlock(1, "two\n", "2\n"))));
    }

    @Test
    void aCrlfBuffersStartsAreNotTakenForTheMatchingViewsAndTheEditKeepsItsBreaks() throws IOException {
        Path file = Files.writeString(dir.resolve("w.txt"), "a\r\nb\r\nc\r\n");
        DocumentStore store = new DocumentStore();
        store.didOpen(file, 7, "a\r\nb\r\nc\r\n");
        Snapshot snapshot = store.snapshot(file);
        assertTrue(snapshot.lines().carriageReturns());
        EditOutcome outcome = engine.apply(EditTexts.of(snapshot), List.of(new SearchReplaceBlock(1, "b\n", "B\nB2\n")));
        EditOutcome.Applied applied = assertInstanceOf(EditOutcome.Applied.class, outcome);
        assertEquals("a\r\nB\r\nB2\r\nc\r\n", applied.newText());
        assertEquals(2, applied.matches().get(0).startLine());
    }

    private List<Path> textFiles() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String name : List.of("demo", "tools")) {
            Path copy = TestWorkspace.copy(name, dir);
            try (Stream<Path> walk = Files.walk(copy)) {
                walk.filter(Files::isRegularFile).sorted().forEach(out::add);
            }
        }
        return out;
    }

    /** Runs of 1-6 whole lines that occur exactly once in the text, as [start, end) offsets. */
    private static List<int[]> uniqueRuns(String text) {
        List<Integer> starts = new ArrayList<>();
        for (int at = 0; at < text.length(); at = text.indexOf('\n', at) + 1) {
            starts.add(at);
            if (text.indexOf('\n', at) < 0) {
                break;
            }
        }
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < starts.size(); i++) {
            for (int n = 1; n <= 6 && i + n < starts.size(); n++) {
                int start = starts.get(i);
                int end = starts.get(i + n);
                String run = text.substring(start, end);
                if (!run.isBlank() && text.indexOf(run) == start && text.indexOf(run, start + 1) < 0) {
                    out.add(new int[] {start, end});
                }
            }
        }
        return out;
    }

    /** Up to {@code count} runs that do not overlap or touch, in file order. */
    private static List<int[]> pick(List<int[]> runs, int count, Random random) {
        List<int[]> out = new ArrayList<>();
        for (int tries = 0; tries < 50 && out.size() < count; tries++) {
            int[] run = runs.get(random.nextInt(runs.size()));
            if (out.stream().noneMatch(o -> run[0] <= o[1] && o[0] <= run[1])) {
                out.add(run);
            }
        }
        out.sort((a, b) -> Integer.compare(a[0], b[0]));
        return out;
    }

    /** The original with each run replaced, by offsets in the original (independent of the blocks' order). */
    private static String reference(String text, List<int[]> runs) {
        List<int[]> sorted = new ArrayList<>(runs);
        sorted.sort((a, b) -> Integer.compare(a[0], b[0]));
        StringBuilder sb = new StringBuilder();
        int at = 0;
        for (int[] run : sorted) {
            sb.append(text, at, run[0]).append(text.substring(run[0], run[1]).replace("\n", "  // edited\n"));
            at = run[1];
        }
        return sb.append(text.substring(at)).toString();
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private static String describe(List<int[]> runs) {
        StringBuilder sb = new StringBuilder();
        for (int[] run : runs) {
            sb.append('[').append(run[0]).append(',').append(run[1]).append(')');
        }
        return sb.toString();
    }
}
