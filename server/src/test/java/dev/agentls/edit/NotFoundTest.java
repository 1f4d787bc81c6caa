package dev.agentls.edit;

import static dev.agentls.edit.EngineTestSupport.blocks;
import static dev.agentls.edit.EngineTestSupport.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NotFoundTest {

    private final SearchReplaceEngine engine = new SearchReplaceEngine();

    private SearchReplaceFailure.NotFound notFound(String file, String... pairs) {
        return refused(engine.apply(file, blocks(pairs)), SearchReplaceFailure.NotFound.class);
    }

    @Test
    void namesTheBlockTheClosestRegionAndItsSimilarity() {
        String file = "alpha = 1\nbeta = 2\ngamma = compute(3)\ndelta = 4\nepsilon = 5\n";
        SearchReplaceFailure.NotFound f = notFound(file, "beta = 2", "b", "gamma = compute(30)\ndelta = 40 + x", "g");
        assertEquals(2, f.block());
        assertEquals(Optional.of(new LineRange(3, 4)), f.closest());
        assertEquals(82, f.similarityPercent());
        assertEquals("SEARCH block 2 not found; closest: lines 3-4, 82 percent similar; nothing was applied", f.message());
    }

    @Test
    void namesTabsInTheFileWhereSearchUsesSpaces() {
        String file = "\tif (a) {\n\t\tcall(1);\n\t}\n";
        SearchReplaceFailure.NotFound f = notFound(file, "    if (a) {\n        call(100000);\n    }", "x");
        assertEquals("SEARCH block 1 not found; closest: lines 1-3, 79 percent similar; difference: the file indents with"
                + " tabs where SEARCH uses spaces (line 1); nothing was applied", f.message());
    }

    @Test
    void namesSpacesInTheFileWhereSearchUsesTabs() {
        String file = "    if (a) {\n        call(1);\n    }\n";
        SearchReplaceFailure.NotFound f = notFound(file, "\tif (a) {\n\t\tcall(100000);\n\t}", "x");
        assertTrue(f.differences().contains("the file indents with spaces where SEARCH uses tabs (line 1)"),
                f.message());
    }

    @Test
    void namesTrailingWhitespace() {
        SearchReplaceFailure.NotFound f = notFound("x = 1;  \ny = 2;\n", "x = 1;\ny = 20000;", "z");
        assertEquals(List.of("trailing whitespace: line 1 of the file ends in whitespace that SEARCH lacks"),
                f.differences());
        assertTrue(f.message().contains("closest: lines 1-2"), f.message());
    }

    @Test
    void namesABlankLineTheFileHasAndSearchLacks() {
        SearchReplaceFailure.NotFound f = notFound("a();\n\nb();\nc();\n", "a();\nb();\nXc();", "z");
        assertEquals("SEARCH block 1 not found; closest: lines 2-4, 66 percent similar; difference: a blank line: the file has"
                + " a blank line at line 2 that SEARCH lacks; nothing was applied", f.message());
    }

    @Test
    void namesABlankLineSearchHasAndTheFileLacks() {
        SearchReplaceFailure.NotFound f = notFound("a();\nb();\nc();\n", "a();\n\nbXXXXX();", "z");
        assertTrue(f.differences().contains(
                "a blank line: SEARCH has a blank line (its line 2) where the file has none, before line 2"), f.message());
    }

    @Test
    void namesCrlfLineEndingsOfTheFile() {
        SearchReplaceFailure.NotFound f = notFound("x = 1;\r\ny = 2;\r\n", "x = 1;\ny = 20000;", "z");
        assertEquals(List.of("line endings: the file's lines end in CRLF where SEARCH's end in LF (line endings alone"
                + " never prevent a match)"), f.differences());
    }

    @Test
    void namesTextAfterTheLastLine() {
        SearchReplaceFailure.NotFound f = notFound("a = 1\nb = 2\n", "b = 2\nc = 3\nd = 4", "z");
        assertTrue(f.message().contains("difference: text after the last line: SEARCH's first line is the file's"
                + " last, from line 2, and its other 2 lines would come after the end of the file"), f.message());
    }

    @Test
    void saysAlreadyAppliedWhenTheReplaceTextIsThere() {
        SearchReplaceFailure.NotFound f = notFound("a\n    int total = sum(values);\nc\n",
                "int total = 0;", "int total = sum(values);");
        assertTrue(f.alreadyApplied());
        assertTrue(f.message().startsWith("SEARCH block 1 not found; its REPLACE text is already in the file, so the"
                + " change looks already applied"), f.message());
    }

    @Test
    void leavesOutAClosestRegionWithNothingInCommon() {
        SearchReplaceFailure.NotFound f = notFound("aaa\n", "zzz", "y");
        assertEquals("SEARCH block 1 not found; nothing was applied", f.message());
    }
}
