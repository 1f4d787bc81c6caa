package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file read from disk comes with its line starts found by the same pass that read it; the snapshot must hold
 * exactly what decoding the general way and indexing afterwards give (text, format, starts, carriage returns,
 * hashes). Files past ASCII: {@link Utf8ReadIndexTest}.
 */
class ReadIndexTest {

    @TempDir
    Path dir;

    private final DocumentStore store = new DocumentStore();

    @Test
    void anAsciiFileFromDiskComesWithTheLineStartsAnIndexOfItsTextHas() throws IOException {
        for (String text : new String[] {"", "\n", "a", "a\n", "a\nb", "\n\n\n", "x = 1;\r\ny = 2;\r\n", "a\rb\r",
                "mixed\r\nends\nhere"}) {
            Snapshot s = read("small.txt", text.getBytes(StandardCharsets.US_ASCII));
            assertTrue(s.lines().isBuilt(), "built by the reader: " + text);
            assertSameIndex(text, s, false);
        }
    }

    @Test
    void largeAsciiFilesAgreeWithTheGeneralWayWhateverTheirLineBreaks() throws IOException {
        // Past 4 KiB the reader takes eight bytes a step; breaks fall on every offset within a word.
        Random r = new Random(11L);
        String alphabet = "ab {}();\n\n\t\r ";
        for (int round = 0; round < 20; round++) {
            StringBuilder sb = new StringBuilder();
            int length = 4096 + r.nextInt(9000);
            for (int i = 0; i < length; i++) {
                sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            String text = sb.toString();
            Snapshot s = read("large.txt", text.getBytes(StandardCharsets.US_ASCII));
            assertTrue(s.lines().isBuilt());
            assertSameIndex(text, s, false);
        }
    }

    @Test
    void aBomBeforeAsciiTextIsStrippedAndTheStartsCountFromTheText() throws IOException {
        byte[] body = "line one\r\nline two\r\n".getBytes(StandardCharsets.US_ASCII);
        Snapshot s = read("bom.txt", withBom(body));
        assertEquals("line one\r\nline two\r\n", s.text());
        assertEquals(new TextFormat(LineEnding.CRLF, true, true), s.format());
        assertSameIndex(s.text(), s, true);
    }

    /** A UTF-8 char anywhere, even as the last char of a large file, is read in the same pass as the ASCII. */
    @Test
    void aFilePastAsciiIsReadInOnePassWithItsLineStarts() throws IOException {
        String text = "a".repeat(5000) + "\n" + "caf\u00e9\n";
        Snapshot s = read("utf8.txt", text.getBytes(StandardCharsets.UTF_8));
        assertEquals(text, s.text());
        assertTrue(s.lines().isBuilt());
        assertSameIndex(text, s, false);
        Snapshot small = read("small-utf8.txt", "\u00e9\n".getBytes(StandardCharsets.UTF_8));
        assertTrue(small.lines().isBuilt());
        assertEquals("\u00e9\n", small.text());
    }

    @Test
    void theReadersHashesAreMadeOnlyWhenFirstAskedFor() throws IOException {
        Snapshot s = read("lazy.txt", "one\ntwo\n".getBytes(StandardCharsets.US_ASCII));
        assertFalse(s.lines().hasHashes());
        assertEquals("two".hashCode(), s.lines().lineHashes().get(1));
        assertTrue(s.lines().hasHashes());
    }

    @Test
    void startsThatDoNotSpanTheTextAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LineStarts.scanned("abc\n", new int[] {0, 3}, false));
        assertEquals("line starts must run from 0 to the text's length 4", e.getMessage());
    }

    private Snapshot read(String name, byte[] bytes) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, bytes);
        return store.snapshot(file);
    }

    /** What decoding with the JDK and indexing afterwards give, compared with what the snapshot holds. */
    static void assertSameIndex(String text, Snapshot s, boolean bom) {
        assertEquals(text, s.text());
        assertEquals(TextFormat.detect(text, bom), s.format(), "format of " + text);
        LineStarts reference = LineStarts.of(text);
        assertEquals(reference.starts(), s.lines().starts(), "starts of " + text);
        assertEquals(reference.carriageReturns(), s.lines().carriageReturns(), "carriage returns of " + text);
        assertEquals(reference.lineHashes(), s.lines().lineHashes(), "hashes of " + text);
    }

    /** {@code body} after UTF-8's byte order mark (EF BB BF), as an editor on Windows may save a file. */
    static byte[] withBom(byte[] body) {
        byte[] bytes = new byte[body.length + 3];
        bytes[0] = (byte) 0xEF;
        bytes[1] = (byte) 0xBB;
        bytes[2] = (byte) 0xBF;
        System.arraycopy(body, 0, bytes, 3, body.length);
        return bytes;
    }
}
