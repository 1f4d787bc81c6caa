package dev.agentls.edit;

import static dev.agentls.edit.EngineTestSupport.applied;
import static dev.agentls.edit.EngineTestSupport.blocks;
import static dev.agentls.edit.EngineTestSupport.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class OrderAndAtomicityTest {

    private final SearchReplaceEngine engine = new SearchReplaceEngine();

    @Test
    void refusesAmbiguousSearchAndListsEveryCandidate() {
        SearchReplaceFailure.Ambiguous f = refused(engine.apply("x\na\nx\nb\nx\n", blocks("x", "y")),
                SearchReplaceFailure.Ambiguous.class);
        assertEquals(List.of(new LineRange(1, 1), new LineRange(3, 3), new LineRange(5, 5)), f.candidates());
        assertEquals("SEARCH block 1 is ambiguous: it matches 3 places (exact match): line 1, line 3, line 5; add"
                + " surrounding lines so it matches one place; nothing was applied", f.message());
    }

    @Test
    void namesMultiLineCandidatesAsLineRanges() {
        SearchReplaceFailure.Ambiguous f = refused(engine.apply("p\nq\nr\np\nq\n", blocks("p\nq", "z")),
                SearchReplaceFailure.Ambiguous.class);
        assertEquals("SEARCH block 1 is ambiguous: it matches 2 places (exact match): lines 1-2, lines 4-5; add"
                + " surrounding lines so it matches one place; nothing was applied", f.message());
    }

    @Test
    void takesTheOneCandidateAfterThePreviousBlocksMatch() {
        EditOutcome.Applied out = applied(engine.apply("x\na\nb\nx\n", blocks("b", "B", "x", "X")));
        assertEquals("x\na\nB\nX\n", out.newText());
        assertEquals(List.of(new BlockMatch(1, "exact", 3, 3), new BlockMatch(2, "exact", 4, 4)), out.matches());
    }

    @Test
    void takesTheOnlyCandidateOfAnOutOfOrderBlock() {
        EditOutcome.Applied out = applied(engine.apply("one\ntwo\nthree\nfour\n", blocks("four", "4", "two", "2")));
        assertEquals("one\n2\nthree\n4\n", out.newText());
        assertEquals(List.of(new BlockMatch(1, "exact", 4, 4), new BlockMatch(2, "exact", 2, 2)), out.matches());
    }

    @Test
    void refusesWhenSeveralCandidatesFollowThePreviousMatch() {
        SearchReplaceFailure.Ambiguous f = refused(engine.apply("a\nx\nx\n", blocks("a", "A", "x", "X")),
                SearchReplaceFailure.Ambiguous.class);
        assertEquals(2, f.block());
        assertEquals(List.of(new LineRange(2, 2), new LineRange(3, 3)), f.candidates());
    }

    @Test
    void refusesWhenNoCandidateFollowsAndSeveralPrecede() {
        SearchReplaceFailure.Ambiguous f = refused(engine.apply("x\nx\nlast\n", blocks("last", "LAST", "x", "X")),
                SearchReplaceFailure.Ambiguous.class);
        assertEquals("SEARCH block 2 is ambiguous: it matches 2 places (exact match): line 1, line 2; add surrounding"
                + " lines so it matches one place; nothing was applied", f.message());
    }

    @Test
    void reportsLinesOfTheOriginalTextAfterEarlierBlocksMovedThem() {
        String file = "head\n1\n2\n3\n4\n5\ntail\n";
        EditOutcome.Applied out = applied(engine.apply(file, blocks("head", "head\nnew1\nnew2\nnew3", "4\n5", "45")));
        assertEquals("head\nnew1\nnew2\nnew3\n1\n2\n3\n45\ntail\n", out.newText());
        assertEquals(List.of(new BlockMatch(1, "exact", 1, 1), new BlockMatch(2, "exact", 5, 6)), out.matches());
    }

    @Test
    void laterBlockMatchesTextAnEarlierBlockWrote() {
        EditOutcome.Applied out = applied(engine.apply("a\nb\n", blocks("a", "alpha", "alpha", "ALPHA")));
        assertEquals("ALPHA\nb\n", out.newText());
    }

    @Test
    void aFailingLaterBlockFailsTheWholeEditAndNamesThatBlock() {
        SearchReplaceFailure.NotFound f = refused(engine.apply("a\nb\nc\n", blocks("a", "A", "zzz", "Z", "c", "C")),
                SearchReplaceFailure.NotFound.class);
        assertEquals(2, f.block());
    }

    @Test
    void emptySearchReplacesTheWholeFileWhenItIsTheOnlyBlock() {
        EditOutcome.Applied out = applied(engine.apply("old\ncontent", blocks("", "new\ncontent")));
        assertEquals("new\ncontent\n", out.newText());
        assertEquals(List.of(new BlockMatch(1, "whole-file", 1, 2)), out.matches());
        assertEquals("", applied(engine.apply("old\n", List.of(new SearchReplaceBlock(1, "", "")))).newText());
        assertEquals("created\n", applied(engine.apply("", blocks("", "created"))).newText());
    }

    @Test
    void wholeFileReplacementTakesTheFilesDominantLineEnding() {
        assertEquals("x\r\ny\r\n", applied(engine.apply("a\r\nb\r\n", blocks("", "x\ny"))).newText());
    }

    @Test
    void refusesEmptySearchAmongOtherBlocks() {
        SearchReplaceFailure.EmptySearchAmongBlocks f = refused(engine.apply("a\n", blocks("a", "b", "", "c")),
                SearchReplaceFailure.EmptySearchAmongBlocks.class);
        assertEquals("block 2 has an empty SEARCH, which replaces the whole file, but the edit has 2 blocks: an empty"
                + " SEARCH must be the edit's only block; nothing was applied", f.message());
    }

    @Test
    void refusesAnEditWithoutBlocks() {
        refused(engine.apply("a\n", List.of()), SearchReplaceFailure.NoBlocks.class);
    }

    @Test
    void nonEmptySearchOnAnEmptyFileIsNotFound() {
        SearchReplaceFailure.NotFound f = refused(engine.apply("", blocks("a", "b")),
                SearchReplaceFailure.NotFound.class);
        assertEquals("SEARCH block 1 not found; nothing was applied", f.message());
    }
}
