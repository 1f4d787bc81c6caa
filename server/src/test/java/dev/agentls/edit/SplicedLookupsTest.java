package dev.agentls.edit;

import static dev.agentls.edit.EngineTestSupport.applied;
import static dev.agentls.edit.EngineTestSupport.blocks;
import static dev.agentls.edit.EngineTestSupport.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Blocks after the first look lines up by the spliced text's line hashes (exact stage, line-trimmed pivot, rule 7's
 * search for a REPLACE already there) instead of searching the whole text. Each case runs on a bare string and on
 * a text with its line starts and hashes as the document store hands them over, and both must give the same facts.
 */
class SplicedLookupsTest {

    private static final String FILE = """
            class A {
                void a() {
                    run(1);
                    run(2);
                }
                void b() {
                    run(1);
                    run(2);
                    call(Aa);
                }
                int c = run(1);
            }
            """;

    private final SearchReplaceEngine engine = new SearchReplaceEngine();

    @Test
    void aMultiLineBlockBeforeThePreviousOneIsFoundAfterTheTextWasSpliced() {
        List<SearchReplaceBlock> edit = blocks("    void b() {", "    void bee() {",
                "    void a() {\n        run(1);", "    void a() {\n        go(1);");
        for (IndexedText text : bothWays(FILE)) {
            EditOutcome.Applied out = applied(engine.apply("A.java", text, edit));
            assertEquals(FILE.replace("void b()", "void bee()").replaceFirst("run\\(1\\)", "go(1)"), out.newText());
            assertEquals(List.of(new BlockMatch(1, "exact", 6, 6), new BlockMatch(2, "exact", 2, 3)), out.matches());
        }
    }

    @Test
    void aMultiLineBlockStandingTwiceBeforeThePreviousOneIsRefusedNamingBoth() {
        List<SearchReplaceBlock> edit = blocks("    int c = run(1);", "    int c = run(3);",
                "        run(1);\n        run(2);", "        run(9);\n        run(2);");
        for (IndexedText text : bothWays(FILE)) {
            SearchReplaceFailure.Ambiguous f = refused(engine.apply("A.java", text, edit),
                    SearchReplaceFailure.Ambiguous.class);
            assertEquals("SEARCH block 2 is ambiguous: it matches 2 places (exact match): lines 3-4, lines 7-8; add"
                    + " surrounding lines so it matches one place; nothing was applied", f.message());
        }
    }

    @Test
    void aLaterReindentedBlockInsideTheTextAnEarlierBlockWroteIsRefused() {
        List<SearchReplaceBlock> edit = blocks("    int c = run(1);", "    int c = run(1);\n    int d = ping(4);",
                "int d = ping(4);", "int d = ping(5);");
        for (IndexedText text : bothWays(FILE)) {
            SearchReplaceFailure.InsideEarlierBlock f = refused(engine.apply("A.java", text, edit),
                    SearchReplaceFailure.InsideEarlierBlock.class);
            assertEquals("SEARCH block 2 not found: its only line-trimmed match, line 11, lies in the text block 1 of"
                    + " this edit writes, and a later block never rewrites an earlier block's new text; write the"
                    + " change as one block; nothing was applied", f.message());
        }
    }

    @Test
    void aLaterReindentedBlockWhoseReplaceAlreadyStandsElsewhereIsAlreadyApplied() {
        List<SearchReplaceBlock> edit = blocks("    int c = run(1);", "    int c = run(3);",
                "void a() {\n    run(1);", "    void b() {\n        run(1);");
        for (IndexedText text : bothWays(FILE)) {
            SearchReplaceFailure.AlreadyApplied f = refused(engine.apply("A.java", text, edit),
                    SearchReplaceFailure.AlreadyApplied.class);
            assertEquals("SEARCH block 2 looks already applied: lines 6-7 already read as its REPLACE, so it was not"
                    + " applied again; nothing was applied", f.message());
        }
    }

    /** "Aa" and "BB" have the same String hash: a lookup hit is a place to compare, never a match by itself. */
    @Test
    void aLineWithTheSameHashButOtherTextIsNeverTakenForTheSearchsLine() {
        assertEquals("Aa".hashCode(), "BB".hashCode());
        for (IndexedText text : bothWays(FILE)) {
            Document doc = Document.of(text);
            int end = doc.splice(doc.lineStart(10), doc.lineStart(11), "    int c = run(3);\n");
            assertEquals(List.of(), new ExactStage().find(doc, SearchText.of("        run(2);\n        call(BB);\n"),
                    end));
            assertEquals(List.of(new Candidate(doc.lineStart(7), doc.lineStart(9), true)),
                    new ExactStage().find(doc, SearchText.of("        run(2);\n        call(Aa);\n"), end));
            assertEquals(List.of(), Pivot.lines(doc, "call(BB);"));
            assertEquals(List.of(8), Pivot.lines(doc, "call(Aa);"));
        }
    }

    /**
     * The same text bare, with its line starts alone (as a reader hands a file read from disk: the engine makes its
     * own line keys), and with its line starts and hashes (an open buffer's version), both counted here by hand.
     */
    private static List<IndexedText> bothWays(String text) {
        List<Integer> starts = new ArrayList<>(List.of(0));
        List<Integer> hashes = new ArrayList<>();
        for (int q = text.indexOf('\n'); q >= 0; q = text.indexOf('\n', q + 1)) {
            hashes.add(text.substring(starts.get(starts.size() - 1), q).hashCode());
            starts.add(q + 1);
        }
        int[] s = starts.stream().mapToInt(Integer::intValue).toArray();
        int[] h = hashes.stream().mapToInt(Integer::intValue).toArray();
        return List.of(IndexedText.of(text), IndexedText.withLineStarts(text, IntBuffer.wrap(s), false),
                IndexedText.withLineStarts(text, IntBuffer.wrap(s), false).withLineHashes(IntBuffer.wrap(h)));
    }
}
