package dev.agentls.edit;

import static dev.agentls.edit.EngineTestSupport.applied;
import static dev.agentls.edit.EngineTestSupport.blocks;
import static dev.agentls.edit.EngineTestSupport.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CascadeTest {

    private final SearchReplaceEngine engine = new SearchReplaceEngine();

    @Test
    void exactMatchReplacesWholeLinesAndReportsTheirLines() {
        EditOutcome.Applied out = applied(engine.apply("a\nb\nc\nd\n", blocks("b\nc", "B")));
        assertEquals("a\nB\nd\n", out.newText());
        assertEquals(List.of(new BlockMatch(1, "exact", 2, 3)), out.matches());
    }

    @Test
    void prefersTheWholeLineOccurrenceOverOneInsideALine() {
        EditOutcome.Applied out = applied(engine.apply("x = foo();\nfoo();\n", blocks("foo();", "bar();")));
        assertEquals("x = foo();\nbar();\n", out.newText());
        assertEquals(List.of(new BlockMatch(1, "exact", 2, 2)), out.matches());
    }

    @Test
    void usesAnOccurrenceInsideALineOnlyWhenItIsTheOnlyCandidate() {
        EditOutcome.Applied out = applied(engine.apply("text with $^.*\nend", blocks("$^.*", "replaced")));
        assertEquals("text with replaced\nend", out.newText());
        assertEquals(List.of(new BlockMatch(1, "exact", 1, 1)), out.matches());
    }

    @Test
    void refusesTwoOccurrencesInsideLines() {
        SearchReplaceFailure.Ambiguous f = refused(engine.apply("a = foo\nb = foo\n", blocks("foo", "bar")),
                SearchReplaceFailure.Ambiguous.class);
        assertEquals("SEARCH block 1 is ambiguous: it matches 2 places (exact match): line 1, line 2; add surrounding"
                + " lines so it matches one place; nothing was applied", f.message());
    }

    @Test
    void lineTrimmedMatchIgnoresIndentationAndTrailingWhitespaceAndReindentsReplace() {
        String file = "class A {\n    void f() {\n        call(1);   \n    }\n}\n";
        EditOutcome.Applied out = applied(engine.apply(file, blocks("void f() {\n    call(1);\n}",
                "void f() {\n    call(2);\n    call(3);\n}")));
        assertEquals("class A {\n    void f() {\n        call(2);\n        call(3);\n    }\n}\n", out.newText());
        assertEquals(List.of(new BlockMatch(1, "line-trimmed", 2, 4)), out.matches());
    }

    @Test
    void whitespaceNormalizedMatchToleratesAMissingBlankLine() {
        String file = "f() {\n\n  g();\n}\nafter\n";
        EditOutcome.Applied out = applied(engine.apply(file, blocks("f() {\n  g();\n}", "f() {\n  h();\n}")));
        assertEquals("f() {\n  h();\n}\nafter\n", out.newText());
        assertEquals(List.of(new BlockMatch(1, "whitespace-normalized", 1, 4)), out.matches());
    }

    @Test
    void whitespaceNormalizedMatchMustCoverWholeLines() {
        SearchReplaceFailure.NotFound f = refused(engine.apply("int a = 1;  int b = 2;\n",
                blocks("a = 1; int b", "x")), SearchReplaceFailure.NotFound.class);
        assertEquals(1, f.block());
    }

    @Test
    void blockAnchorMatchesFirstAndLastLinesWithASimilarMiddle() {
        String file = "start\n  int total = compute(alpha, beta);\n  log(total);\nend\nrest\n";
        String search = "start\n  int total = compute(alfa, beta); // sum\n  log(totals);\nend";
        EditOutcome.Applied out = applied(engine.apply(file, blocks(search, "start\n  run();\nend")));
        assertEquals("start\n  run();\nend\nrest\n", out.newText());
        assertEquals(List.of(new BlockMatch(1, "block-anchor", 1, 4)), out.matches());
    }

    @Test
    void blockAnchorNeverPlacesCodeOnAnchorsAlone() {
        String file = "start\n  completely different code here\n  nothing alike at all\nend\n";
        SearchReplaceFailure.NotFound f = refused(engine.apply(file,
                blocks("start\n  int total = compute(alfa);\n  log(total);\nend", "x")),
                SearchReplaceFailure.NotFound.class);
        assertEquals(1, f.block());
    }

    @Test
    void fuzzyMatchTakesTheSingleBestWindowAboveNinetyPercent() {
        String file = "This is a sample text.\nAnother line of text.\nYet another line.\n";
        EditOutcome.Applied out = applied(engine.apply(file, blocks("This is a sample text", "This is new.")));
        assertEquals("This is new.\nAnother line of text.\nYet another line.\n", out.newText());
        assertEquals(List.of(new BlockMatch(1, "fuzzy", 1, 1)), out.matches());
    }

    @Test
    void fuzzyTiesAreAmbiguous() {
        String file = "let totalCount = 10;\nother();\nlet totalCount = 10;\n";
        SearchReplaceFailure.Ambiguous f = refused(engine.apply(file, blocks("let totalCount = 10", "x")),
                SearchReplaceFailure.Ambiguous.class);
        assertEquals("SEARCH block 1 is ambiguous: it matches 2 places (fuzzy match): line 1, line 3; add surrounding"
                + " lines so it matches one place; nothing was applied", f.message());
    }

    @Test
    void fuzzyRefusesBelowNinetyPercent() {
        SearchReplaceFailure.NotFound f = refused(engine.apply("abcdefghij\n", blocks("abcdefgxyz", "k")),
                SearchReplaceFailure.NotFound.class);
        assertEquals("SEARCH block 1 not found; closest: line 1, 70 percent similar; nothing was applied", f.message());
    }

    @Test
    void stopsAtTheFirstStageWithAnyCandidate() {
        String file = "  x();\nx();\n";
        EditOutcome.Applied out = applied(engine.apply(file, blocks("x();", "y();")));
        assertEquals("  x();\ny();\n", out.newText());
        assertEquals("exact", out.matches().get(0).strategy());
    }
}
