package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A UTF-8 file past ASCII is read in the one pass that finds its line starts, as an ASCII file is: its snapshot must
 * hold exactly what the JDK's strict decoder and an index built afterwards give (surrogate pairs are two chars, so
 * later lines start two chars on; a BOM is stripped; CRLF stays in the text), and bytes that are not UTF-8 are refused
 * with the same message as before, naming the first bad byte and its offset.
 */
@Tag("slow")
class Utf8ReadIndexTest {

    @TempDir
    Path dir;

    private final DocumentStore store = new DocumentStore();

    @Test
    void aUtf8FileFromDiskComesWithTheLineStartsAnIndexOfItsTextHas() throws IOException {
        String[] texts = {
            "# Größe der Datei in Bytes\ndef größe(pfad):\n    return len(open(pfad, 'rb').read())\n",
            "// こんにちは、世界\r\nconst greeting = \"こんにちは\";\r\nconsole.log(greeting);\r\n",
            "🎉 release notes\n- party 🎉🎉 time\n- 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 math letters\nend",
            "é", "\né\n", "ascii first\nthen ünïcödé\n\n", "last char is past ascii: €",
            "a".repeat(4100) + "\nπ = 3.14159\n" + "b".repeat(5000) + "\n🎉\n",
            "ä" + "c".repeat(6000) + "\r\nfin\r\n",
        };
        for (String text : texts) {
            Snapshot s = read("file.txt", text.getBytes(StandardCharsets.UTF_8));
            assertTrue(s.lines().isBuilt(), "built by the reader: " + text);
            ReadIndexTest.assertSameIndex(text, s, false);
        }
    }

    @Test
    void aBomBeforeUtf8TextIsStrippedAndTheStartsCountInCharsFromTheText() throws IOException {
        byte[] body = "naïve\r\n🎉 line two\r\nthree\r\n".getBytes(StandardCharsets.UTF_8);
        Snapshot s = read("bom.txt", ReadIndexTest.withBom(body));
        assertEquals("naïve\r\n🎉 line two\r\nthree\r\n", s.text());
        assertEquals(new TextFormat(LineEnding.CRLF, true, true), s.format());
        assertEquals(0, s.lines().start(0));
        assertEquals(7, s.lines().start(1), "naïve is five chars, plus CR LF");
        assertEquals(7 + 2 + 9 + 2, s.lines().start(2), "the party popper is two chars (a surrogate pair)");
        ReadIndexTest.assertSameIndex(s.text(), s, true);
    }

    @Test
    void randomUtf8AgreesWithTheJdkWhateverTheCharsAndBreaks() throws IOException {
        Random r = new Random(33L);
        int[] alphabet = {'a', ' ', '\t', '\n', '\n', '\r', '{', 0xE9, 0x3B1, 0x20AC, 0x3053, 0xFFFD, 0xFEFF, 0x1F389,
            0x10FFFF, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000};
        for (int round = 0; round < 40; round++) {
            StringBuilder sb = new StringBuilder();
            // At least one ASCII char first: a text that begins with U+FEFF is a BOM, stripped by design.
            int asciiRun = r.nextInt(3) == 0 ? 4096 + r.nextInt(64) : 1 + r.nextInt(16);
            sb.append("x".repeat(asciiRun));
            int length = r.nextInt(round < 20 ? 200 : 9000);
            for (int i = 0; i < length; i++) {
                sb.appendCodePoint(alphabet[r.nextInt(alphabet.length)]);
            }
            String text = sb.toString();
            Snapshot s = read("random.txt", text.getBytes(StandardCharsets.UTF_8));
            assertTrue(s.lines().isBuilt());
            ReadIndexTest.assertSameIndex(text, s, false);
        }
    }

    @Test
    void bytesThatAreNotUtf8AreRefusedNamingTheFirstBadByteAsBefore() {
        assertEquals("'bad.txt' is not valid UTF-8: byte 0xC3 at offset 3; only UTF-8 text is supported",
                refusal("6f6b0ac328"), "a lead byte without its continuation");
        assertEquals("'bad.txt' is not valid UTF-8: byte 0xC0 at offset 2; only UTF-8 text is supported",
                refusal("6f6bc0af0a"), "an overlong slash");
        assertEquals("'bad.txt' is not valid UTF-8: byte 0xED at offset 1; only UTF-8 text is supported",
                refusal("61eda0800a"), "an encoded surrogate");
        for (String hex : new String[] {"80", "61e282", "f4908080", "f5808080", "e08080", "f0808080", "ff",
            "c2", "e2ac", "f09f8e", "61f09f8e610a", "c3a9" + "61".repeat(5000) + "e2"}) {
            assertEquals(jdkRefusal(HexFormat.of().parseHex(hex)), refusal(hex), hex);
        }
    }

    /**
     * The real non-ASCII originals of {@code ../shared/real-model-edits} (the corpus' entries whose original holds
     * a char past ASCII), written to files and read back: what the JDK and an index afterwards give.
     */
    @Test
    void theRealCorporasNonAsciiOriginalsReadAsTheJdkReadsThem() throws IOException {
        Path corpus = Path.of(System.getProperty("agentls.shared", "../../shared"), "real-model-edits",
                "search_replace.json");
        if (!Files.exists(corpus)) {
            corpus = Path.of("../shared/real-model-edits/search_replace.json");
        }
        assumeTrue(Files.exists(corpus), "../shared/real-model-edits is absent");
        int read = 0;
        for (JsonNode e : new ObjectMapper().readTree(corpus.toFile())) {
            String original = e.get("original").asText();
            if (original.chars().allMatch(c -> c < 0x80)) {
                continue;
            }
            String text = original.startsWith("\uFEFF") ? original.substring(1) : original;
            Snapshot s = read("entry.txt", original.getBytes(StandardCharsets.UTF_8));
            assertTrue(s.lines().isBuilt(), e.get("id").asText());
            ReadIndexTest.assertSameIndex(text, s, original.startsWith("\uFEFF"));
            read++;
        }
        assertTrue(read >= 11, "the corpus had 11 originals past ASCII when this was written; read " + read);
    }

    private Snapshot read(String name, byte[] bytes) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, bytes);
        return store.snapshot(file);
    }

    private static String refusal(String hex) {
        return assertThrows(FileRefusedException.class,
                () -> TextDecoder.decode(Path.of("bad.txt"), HexFormat.of().parseHex(hex))).getMessage();
    }

    /** The message the JDK's decoder leads to: the byte where it stopped, at its offset. */
    private static String jdkRefusal(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(in);
        } catch (CharacterCodingException e) {
            int offset = in.position();
            return String.format(Locale.ROOT, "'bad.txt' is not valid UTF-8: byte 0x%02X at offset %d; only UTF-8 text"
                    + " is supported", bytes[offset] & 0xff, offset);
        }
        throw new AssertionError("the JDK decodes " + HexFormat.of().formatHex(bytes));
    }
}
