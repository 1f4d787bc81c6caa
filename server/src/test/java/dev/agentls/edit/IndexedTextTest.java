package dev.agentls.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.IntBuffer;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("slow")
class IndexedTextTest {

    @Test
    void refusesLineStartsThatCannotBeTheTextsNamingTheEntry() {
        assertEquals("line starts must begin with 0, got 3", refusal("a\nb\n", 3, 2, 4));
        assertEquals("line starts must begin with 0, got none", refusal("a\n"));
        assertEquals("line starts end at 9 but the text has 4 chars", refusal("a\nb\n", 0, 2, 9));
        assertEquals("line 2 is said to start at offset 1, which does not follow a line break",
                refusal("ab\ncd\n", 0, 1, 6));
        assertEquals("line 2 is said to start at offset 0, which does not follow a line break",
                refusal("ab\ncd\n", 0, 0, 6));
    }

    @Test
    void theEngineGivesWithLineStartsWhatItGivesWithout() {
        String text = "class A {\n    int a;\n    int b;\n}\n";
        IntBuffer starts = IntBuffer.wrap(new int[] {0, 10, 21, 32, 34}).asReadOnlyBuffer();
        List<SearchReplaceBlock> blocks = EngineTestSupport.blocks("    int b;", "    long b;", "int a;", "long a;");
        SearchReplaceEngine engine = new SearchReplaceEngine();
        EditOutcome withStarts = engine.apply(IndexedText.withLineStarts(text, starts, false), blocks);
        assertEquals(engine.apply(text, blocks), withStarts);
        assertEquals("class A {\n    long a;\n    long b;\n}\n", EngineTestSupport.applied(withStarts).newText());
    }

    @Test
    void refusesLineHashesThatCannotBeTheTextsNamingTheLine() {
        String text = "ab\ncd\nef\n";
        IndexedText indexed = IndexedText.withLineStarts(text, IntBuffer.wrap(new int[] {0, 3, 6, 9}), false);
        assertEquals("the text has 3 lines but 2 line hashes", assertThrows(IllegalArgumentException.class,
                () -> indexed.withLineHashes(IntBuffer.wrap(new int[] {1, 2}))).getMessage());
        int[] wrongMiddle = {"ab".hashCode(), "xx".hashCode(), "ef".hashCode()};
        assertEquals("line 2 hashes to " + "cd".hashCode() + ", not to the " + "xx".hashCode() + " given",
                assertThrows(IllegalArgumentException.class,
                        () -> indexed.withLineHashes(IntBuffer.wrap(wrongMiddle))).getMessage());
        assertEquals("line hashes need the line starts they belong to", assertThrows(IllegalArgumentException.class,
                () -> IndexedText.of(text).withLineHashes(IntBuffer.wrap(new int[3]))).getMessage());
    }

    /**
     * With line hashes, a block after the first looks its lines up instead of searching (rule 6): every case the
     * look-up must answer as the search did: a single whole-line match after the previous block, the same text twice
     * after it (ambiguous), once before and none after, once inside a line only, and a SEARCH without a final break.
     */
    @Test
    void blocksLookedUpByLineHashGiveWhatTheSearchGives() {
        String text = "a();\nb();\nc();\nb();\nx = c();\nd();\nb();\nc();\ne();\n";
        List<List<SearchReplaceBlock>> edits = List.of(
                raw("a();\n", "A();\n", "d();\n", "D();\n"),
                raw("a();\n", "A();\n", "b();\nc();\n", "B();\n"),
                raw("d();\n", "D();\n", "b();\nc();\n", "B();\n"),
                raw("d();\n", "D();\n", "a();\n", "A();\n"),
                raw("a();\n", "A();\n", "= c();\nd();\n", "= C();\nd();\n"),
                raw("a();\n", "A();\n", "b();\nc();\ne();", "E();"),
                raw("a();\n", "A();\n", "b();\n", "B();\n"));
        SearchReplaceEngine engine = new SearchReplaceEngine();
        LineStartsOf lines = new LineStartsOf(text);
        IndexedText hashed = IndexedText.withLineStarts(text, lines.starts(), false).withLineHashes(lines.hashes());
        for (List<SearchReplaceBlock> blocks : edits) {
            assertEquals(engine.apply(text, blocks).toString(), engine.apply(hashed, blocks).toString(),
                    blocks.toString());
        }
        assertEquals("a();\nb();\nc();\nb();\nx = c();\nD();\nB();\ne();\n",
                EngineTestSupport.applied(engine.apply(hashed, edits.get(2))).newText());
        assertEquals(5, EngineTestSupport.refused(engine.apply(hashed, edits.get(4)),
                SearchReplaceFailure.DiffersInCode.class).fileLine(), "inside a line: rule 10's refusal");
        assertEquals("A();\nb();\nc();\nb();\nx = c();\nd();\nE();\n",
                EngineTestSupport.applied(engine.apply(hashed, edits.get(5))).newText());
        assertTrue(engine.apply(hashed, edits.get(1)) instanceof EditOutcome.Refused, "b, c twice after a: ambiguous");
    }

    @Test
    void afterAForwardBlockTheWholeLineOccurrencesAreLookedUpNotSearched() {
        String text = "a();\nb();\nc();\nb();\nx = c();\nd();\nb();\nc();\ne();\n";
        LineStartsOf lines = new LineStartsOf(text);
        Document doc = Document.of(IndexedText.withLineStarts(text, lines.starts(), false)
                .withLineHashes(lines.hashes()));
        int end = doc.splice(0, 5, "A();\n");
        assertEquals(List.of(new Candidate(34, 49, true)),
                doc.wholeLineOccurrences(SearchText.of("b();\nc();\ne();\n"), end));
        assertEquals(List.of(new Candidate(5, 10, true), new Candidate(15, 20, true), new Candidate(34, 39, true)),
                doc.wholeLineOccurrences(SearchText.of("b();\n"), end), "at most three: one may be dropped at the tail's start, two still tell 'not one'");
        assertEquals(List.of(), doc.wholeLineOccurrences(SearchText.of("= c();\n"), end), "inside a line only");
        assertEquals(null, Document.of(text).wholeLineOccurrences(SearchText.of("b();\n"), 0),
                "a text without line starts cannot tell");
    }

    /**
     * A file read from disk comes with its line starts but no hashes; the engine hashes a line only when a look-up
     * meets it with the looked-up line's length. Lines of that length that differ (a number in the middle) must be
     * told apart: the block goes to the one line that reads as its SEARCH, and the same SEARCH twice after the previous
     * block is still ambiguous, as on a bare string.
     */
    @Test
    void aFileReadFromDiskIsLookedUpByLineWithoutHashesGiven() {
        String a = "    total = alpha(1, 2);";
        String b = "    total = aleph(1, 2);";
        String text = "start();\n" + a + "\n" + b + "\n" + a + "\nend();\n" + b + "\n";
        LineStartsOf lines = new LineStartsOf(text);
        IndexedText fromDisk = IndexedText.withLineStarts(text, lines.starts(), false);
        SearchReplaceEngine engine = new SearchReplaceEngine();
        List<SearchReplaceBlock> edit = raw("start();\n", "begin();\n", "end();\n" + b + "\n", "end();\ndone();\n");
        assertEquals("begin();\n" + a + "\n" + b + "\n" + a + "\nend();\ndone();\n",
                EngineTestSupport.applied(engine.apply(fromDisk, edit)).newText());
        List<SearchReplaceBlock> twice = raw("start();\n", "begin();\n", a + "\n", "    total = 0;\n");
        SearchReplaceFailure.Ambiguous f = EngineTestSupport.refused(engine.apply(fromDisk, twice),
                SearchReplaceFailure.Ambiguous.class);
        assertEquals("SEARCH block 2 is ambiguous: it matches 2 places (exact match): line 2, line 4; add surrounding"
                + " lines so it matches one place; nothing was applied", f.message());
        assertEquals(engine.apply(text, twice).toString(), engine.apply(fromDisk, twice).toString());
        Document doc = Document.of(fromDisk);
        int end = doc.splice(0, 9, "begin();\n");
        assertEquals(List.of(new Candidate(34, 84, true)), doc.wholeLineOccurrences(SearchText.of(b + "\n" + a + "\n"),
                end), "looked up, not searched: a text with line starts can tell");
        String shortText = "a();\nb();\n";
        IndexedText shortFromDisk = IndexedText.withLineStarts(shortText, new LineStartsOf(shortText).starts(), false);
        List<SearchReplaceBlock> pastTheEnd = raw("b();\n", "done();\n", "x\nthe longest line of all();\n", "y\n");
        assertEquals(engine.apply(shortText, pastTheEnd).toString(),
                engine.apply(shortFromDisk, pastTheEnd).toString(),
                "a look-up after the last line finds nothing, as the search does");
    }

    /**
     * A file read from disk is looked up among the lines of the looked-up line's length only (grouped once); a file
     * with one line far longer than all the others together is scanned line by line instead (the table of lengths
     * would cost more than it saves). Both give what the search of a bare string gives, block by block, on lines that
     * share their lengths and differ in the middle.
     */
    @Test
    void aFileReadFromDiskGivesTheBareStringsAnswerWithOrWithoutItsLinesGroupedByLength() {
        SearchReplaceEngine engine = new SearchReplaceEngine();
        java.util.Random random = new java.util.Random(20261124);
        for (String tail : List.of("", "    String huge = \"" + "x".repeat(20_000) + "\";\n")) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 300; i++) {
                sb.append("    call").append((char) ('a' + random.nextInt(3))).append("(").append(random.nextInt(4))
                        .append(");\n");
            }
            String text = sb + tail;
            IndexedText fromDisk = IndexedText.withLineStarts(text, new LineStartsOf(text).starts(), false);
            String[] lines = text.split("\n", -1);
            for (int round = 0; round < 200; round++) {
                int first = random.nextInt(150);
                int second = first + 1 + random.nextInt(140);
                List<SearchReplaceBlock> edit = raw(lines[first] + "\n", "    first();\n",
                        lines[second] + "\n" + lines[second + 1] + "\n", "    second();\n");
                assertEquals(engine.apply(text, edit).toString(), engine.apply(fromDisk, edit).toString(),
                        "blocks at lines " + (first + 1) + " and " + (second + 1) + (tail.isEmpty() ? "" : ", long line"));
            }
        }
    }

    /** The spliced text's hashes, made four chars a step, are {@link String#hashCode()} for every length and char. */
    @Test
    void splicedLineHashesAreTheStringHashOfEveryLine() {
        StringBuilder sb = new StringBuilder();
        java.util.Random random = new java.util.Random(33);
        for (int n = 0; n < 40; n++) {
            sb.append("  ".repeat(n % 3));
            for (int i = 0; i < n; i++) {
                sb.append((char) (random.nextBoolean() ? 'a' + random.nextInt(26) : 0x3B1 + random.nextInt(20)));
            }
            sb.append(n % 4 == 0 ? " \t" : "").append('\n');
        }
        String text = sb.toString();
        int[] starts = LineIndex.starts(text);
        SplicedLineHashes hashes = SplicedLineHashes.of(text, starts);
        String[] lines = LineIndex.lines(text);
        for (int i = 0; i < lines.length; i++) {
            assertEquals(List.of(i), hashes.exactHits(lines[i], i).subList(0, 1), "line " + (i + 1));
            assertTrue(hashes.trimmedHits(lines[i].strip()).contains(i), "line " + (i + 1) + " trimmed");
        }
    }

    /** Blocks from SEARCH and REPLACE pairs taken exactly as written. */
    private static List<SearchReplaceBlock> raw(String... pairs) {
        List<SearchReplaceBlock> out = new java.util.ArrayList<>();
        for (int i = 0; i < pairs.length; i += 2) {
            out.add(new SearchReplaceBlock(i / 2 + 1, pairs[i], pairs[i + 1]));
        }
        return out;
    }

    /** Line starts and hashes of a text, counted here by hand so the test does not lean on the store's code. */
    private record LineStartsOf(IntBuffer starts, IntBuffer hashes) {
        LineStartsOf(String text) {
            this(startsOf(text), hashesOf(text));
        }

        private static IntBuffer startsOf(String text) {
            List<Integer> starts = new java.util.ArrayList<>(List.of(0));
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    starts.add(i + 1);
                }
            }
            return IntBuffer.wrap(starts.stream().mapToInt(Integer::intValue).toArray());
        }

        private static IntBuffer hashesOf(String text) {
            String[] lines = text.substring(0, text.length() - 1).split("\n", -1);
            int[] out = new int[lines.length];
            for (int i = 0; i < lines.length; i++) {
                out[i] = lines[i].hashCode();
            }
            return IntBuffer.wrap(out);
        }
    }

    private static String refusal(String text, int... starts) {
        return assertThrows(IllegalArgumentException.class,
                () -> IndexedText.withLineStarts(text, IntBuffer.wrap(starts), false)).getMessage();
    }
}
