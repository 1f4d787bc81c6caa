package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ReadOnlyBufferException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LineStartsTest {

    @TempDir
    Path dir;

    @Test
    void startsFollowEveryLineBreakAndALastLineWithoutOneCounts() {
        assertArrayEquals(new int[] {0}, starts(""));
        assertArrayEquals(new int[] {0, 1}, starts("\n"));
        assertArrayEquals(new int[] {0, 1}, starts("a"));
        assertArrayEquals(new int[] {0, 2}, starts("a\n"));
        assertArrayEquals(new int[] {0, 2, 3}, starts("a\nb"));
        assertArrayEquals(new int[] {0, 3, 6}, starts("a\r\nb\r\n"));
        assertArrayEquals(new int[] {0, 1, 2, 3}, starts("\n\n\n"));
    }

    @Test
    void largeTextsAgreeWithACountByHandWhateverTheirChars() {
        // Past 4 KiB the starts are found eight bytes a step; chars above 255 and surrogate pairs take the plain path.
        Random r = new Random(3L);
        String[] alphabets = {"ab \n\t{", "a\u00e9\n\u00ff ", "a\u4e2d\n\uD83D\uDE00 "};
        for (String alphabet : alphabets) {
            for (int round = 0; round < 40; round++) {
                StringBuilder sb = new StringBuilder();
                int n = r.nextInt(20_000);
                for (int i = 0; i < n; i++) {
                    sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
                }
                String text = sb.toString();
                assertArrayEquals(byHand(text), starts(text), "alphabet " + alphabet.length() + ", round " + round);
            }
        }
    }

    @Test
    void eachLineHashIsTheHashOfTheLineWithoutItsBreakForEagerAndLazyStarts() {
        Random r = new Random(5L);
        String[] alphabets = {"ab \n\t{", "a\u00e9\n\u00ff\r", "a\u4e2d\n\uD83D\uDE00 "};
        for (String alphabet : alphabets) {
            for (int round = 0; round < 20; round++) {
                StringBuilder sb = new StringBuilder();
                int n = r.nextInt(9_000);
                for (int i = 0; i < n; i++) {
                    sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
                }
                String text = sb.toString();
                int[] starts = byHand(text);
                int[] expected = new int[starts.length - 1];
                for (int i = 0; i < expected.length; i++) {
                    String line = text.substring(starts[i], starts[i + 1]);
                    expected[i] = (line.endsWith("\n") ? line.substring(0, line.length() - 1) : line).hashCode();
                }
                for (LineStarts lines : List.of(LineStarts.of(text), LineStarts.lazy(text))) {
                    int[] hashes = new int[lines.lineHashes().remaining()];
                    lines.lineHashes().get(hashes);
                    assertArrayEquals(expected, hashes, "alphabet " + alphabet + ", round " + round);
                }
            }
        }
        assertThrows(ReadOnlyBufferException.class, () -> LineStarts.of("a\n").lineHashes().put(0, 1));
    }

    @Test
    void saysWhetherTheTextHoldsACarriageReturn() {
        assertTrue(LineStarts.of("a\r\nb").carriageReturns());
        assertTrue(LineStarts.of("a\rb").carriageReturns());
        assertFalse(LineStarts.of("a\nb").carriageReturns());
        assertTrue(LineStarts.lazy("x\r\n").carriageReturns());
    }

    @Test
    void lazyStartsAreBuiltOnFirstUseAndEagerOnesAtOnce() {
        LineStarts lazy = LineStarts.lazy("a\nb\n");
        assertFalse(lazy.isBuilt());
        assertEquals(2, lazy.lineCount());
        assertTrue(lazy.isBuilt());
        assertTrue(LineStarts.of("a\n").isBuilt());
    }

    @Test
    void theStartsHandedOutCannotBeWritten() {
        LineStarts lines = LineStarts.of("a\nb\n");
        assertThrows(ReadOnlyBufferException.class, () -> lines.starts().put(1, 0));
        assertEquals(2, lines.start(1));
    }

    @Test
    void eachOpenBufferVersionCarriesStartsBuiltForItsOwnText() throws IOException {
        Path file = Files.writeString(dir.resolve("a.txt"), "d\u00efsk\n");
        DocumentStore store = new DocumentStore();
        assertTrue(store.snapshot(file).lines().isBuilt(), "a disk read past ASCII has the starts its reader found");
        Files.writeString(file, "disk\n");
        assertTrue(store.snapshot(file).lines().isBuilt(), "an ASCII disk read has the starts its reader found");
        store.didOpen(file, 1, "one\ntwo\n");
        Snapshot first = store.snapshot(file);
        assertTrue(first.lines().isBuilt());
        assertTrue(first.lines().isOf(first.text()));
        assertEquals(4, first.lines().start(1));
        store.didChange(file, 2, "x\none\ntwo\n");
        Snapshot second = store.snapshot(file);
        assertTrue(second.lines().isOf(second.text()));
        assertEquals(3, second.lines().lineCount());
        assertEquals(2, second.lines().start(1));
        assertEquals(4, first.lines().start(1), "an earlier version's starts stay as they were");
    }

    @Test
    void aSnapshotRefusesStartsBuiltForAnotherText() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Snapshot(Path.of("/w/a.txt"),
                "one\n", OptionalInt.empty(), TextFormat.NEW_FILE, LineStarts.of("other\n")));
        assertEquals("the line starts of /w/a.txt were built for another text", e.getMessage());
    }

    private static int[] starts(String text) {
        LineStarts lines = LineStarts.of(text);
        int[] out = new int[lines.lineCount() + 1];
        for (int i = 0; i < out.length; i++) {
            out[i] = lines.start(i);
        }
        int[] viaBuffer = new int[lines.starts().remaining()];
        lines.starts().get(viaBuffer);
        assertArrayEquals(out, viaBuffer);
        return out;
    }

    private static int[] byHand(String text) {
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n' && i + 1 < text.length()) {
                starts.add(i + 1);
            }
        }
        if (text.isEmpty()) {
            return new int[] {0};
        }
        starts.add(text.length());
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }
}
