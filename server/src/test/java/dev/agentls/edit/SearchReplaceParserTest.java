package dev.agentls.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SearchReplaceParserTest {

    private final SearchReplaceParser parser = new SearchReplaceParser();

    private List<FileEditBlocks> parsed(String text) {
        return assertInstanceOf(ParseOutcome.Parsed.class, parser.parse(text)).files();
    }

    private List<SearchReplaceBlock> blocks(String text) {
        List<FileEditBlocks> files = parsed(text);
        assertEquals(1, files.size());
        assertEquals(Optional.empty(), files.get(0).filePath());
        return files.get(0).blocks();
    }

    private String failure(String text) {
        return assertInstanceOf(ParseOutcome.Malformed.class, parser.parse(text)).failure().message();
    }

    @Test
    void parsesOneBlockWithFullMarkers() {
        assertEquals(List.of(new SearchReplaceBlock(1, "a\nb\n", "c\n")),
                blocks("------- SEARCH\na\nb\n=======\nc\n+++++++ REPLACE\n"));
    }

    @Test
    void parsesLegacyMarkersAndSeveralBlocksNumberedInOrder() {
        assertEquals(List.of(new SearchReplaceBlock(1, "one\n", "1\n"), new SearchReplaceBlock(2, "two\n", "2\n")),
                blocks("<<<<<<< SEARCH\none\n=======\n1\n>>>>>>> REPLACE\n<<<<<<< SEARCH\ntwo\n=======\n2\n>>>>>>> REPLACE"));
    }

    @Test
    void acceptsMarkersOfThreeOrMoreCharactersAndLongDividers() {
        assertEquals(List.of(new SearchReplaceBlock(1, "x\n", "y\n")),
                blocks("--- SEARCH\nx\n===========\ny\n+++ REPLACE\n"));
        assertEquals(List.of(new SearchReplaceBlock(1, "x\n", "y\n")),
                blocks("<<<<<<<<<<<< SEARCH\nx\n=======\ny\n>>> REPLACE\n"));
    }

    @Test
    void shortDividerCountsOnlyWhenNoFullDividerFollowsInTheBlock() {
        assertEquals(List.of(new SearchReplaceBlock(1, "x\n", "y\n")), blocks("------- SEARCH\nx\n===\ny\n+++++++ REPLACE"));
        assertEquals(List.of(new SearchReplaceBlock(1, "title\n===\n", "Title\n===\n")),
                blocks("------- SEARCH\ntitle\n===\n=======\nTitle\n===\n+++++++ REPLACE"));
    }

    @Test
    void ignoresProseFencesAndFileNamesOutsideBlocksButKeepsFencesInside() {
        String text = "Here is the change:\n\nsrc/App.java\n```java\n<<<<<<< SEARCH\n```\ncode\n=======\n```\nnew\n"
                + ">>>>>>> REPLACE\n```\n\nHope it helps! ===\n";
        assertEquals(List.of(new SearchReplaceBlock(1, "```\ncode\n", "```\nnew\n")), blocks(text));
    }

    @Test
    void keepsCarriageReturnsOfTheModelsLinesAndEmptyParts() {
        assertEquals(List.of(new SearchReplaceBlock(1, "a\r\n", "")),
                blocks("------- SEARCH\r\na\r\n=======\r\n+++++++ REPLACE\r\n"));
        assertEquals(List.of(new SearchReplaceBlock(1, "", "new\n")), blocks("------- SEARCH\n=======\nnew\n+++++++ REPLACE"));
    }

    @Test
    void shortSearchMarkerInsideAnOpenBlockIsFileContent() {
        assertEquals(List.of(new SearchReplaceBlock(1, "--- SEARCH\n", "before\n")),
                blocks("------- SEARCH\n--- SEARCH\n=======\nbefore\n+++++++ REPLACE"));
    }

    @Test
    void markerWithTrailingSpaceOrMixedCharactersIsNotAMarker() {
        assertEquals("block 1 is malformed at line 5 of the edit: a REPLACE marker before the block's '======='"
                + " divider; nothing was applied", failure("------- SEARCH\nline2\n======= \nreplaced\n+++++++ REPLACE"));
        assertEquals("the edit is malformed at line 5 of the edit: a REPLACE marker with no SEARCH marker before it;"
                + " nothing was applied", failure("<<-- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE"));
    }

    @Test
    void refusesSecondDividerInOneBlock() {
        assertEquals("block 1 is malformed at line 5 of the edit: a second '=======' divider in the block;"
                + " nothing was applied", failure("------- SEARCH\na\n=======\nb\n=======\nc\n+++++++ REPLACE"));
    }

    @Test
    void refusesNewSearchBeforeReplaceMarker() {
        assertEquals("block 2 is malformed at line 9 of the edit: a new SEARCH marker before the block's REPLACE"
                + " marker; nothing was applied", failure("------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n"
                + "------- SEARCH\nc\n=======\n------- SEARCH\nd\n=======\ne\n+++++++ REPLACE"));
    }

    @Test
    void refusesReplaceMarkerWithoutDivider() {
        assertEquals("block 1 is malformed at line 3 of the edit: a REPLACE marker before the block's '======='"
                + " divider; nothing was applied", failure("------- SEARCH\nline2\n+++++++ REPLACE\nreplaced"));
    }

    @Test
    void refusesMissingFinalReplaceMarkerAsIncomplete() {
        assertEquals("block 2 is incomplete: the text ends before its '+++++++ REPLACE' marker, so the answer may"
                + " have been cut off; nothing was applied", failure("------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n"
                + "------- SEARCH\nc\n=======\nd\n"));
        assertEquals("block 1 is incomplete: the text ends before its '+++++++ REPLACE' marker, so the answer may"
                + " have been cut off; nothing was applied", failure("------- SEARCH\na\nb"));
    }

    @Test
    void refusesTextWithoutAnyBlock() {
        assertEquals("no SEARCH/REPLACE block found: write each change as a line '------- SEARCH', the exact current"
                + " lines, a line '=======', the new lines, and a line '+++++++ REPLACE'",
                failure("I would change line 3.\n+++++++ SEARCH\n=======\n------- REPLACE\n"));
        assertInstanceOf(SearchReplaceFailure.NoBlocks.class,
                assertInstanceOf(ParseOutcome.Malformed.class, parser.parse("")).failure());
    }

    @Test
    void parsesSeveralFileEditWrappersIntoOneEntryPerFileNumberingBlocksPerFile() {
        String text = "<file-edit filePath=\"src/A.java\">\n------- SEARCH\na\n=======\nA\n+++++++ REPLACE\n</file-edit>\n"
                + "prose\n<file-edit filePath='b.py'>\n------- SEARCH\nb\n=======\nB\n+++++++ REPLACE\n"
                + "------- SEARCH\nc\n=======\nC\n+++++++ REPLACE\n</file-edit>\n"
                + "<file-edit filePath=\"src/A.java\">\n------- SEARCH\nd\n=======\nD\n+++++++ REPLACE\n</file-edit>";
        assertEquals(List.of(
                new FileEditBlocks(Optional.of("src/A.java"), List.of(new SearchReplaceBlock(1, "a\n", "A\n"),
                        new SearchReplaceBlock(2, "d\n", "D\n"))),
                new FileEditBlocks(Optional.of("b.py"), List.of(new SearchReplaceBlock(1, "b\n", "B\n"),
                        new SearchReplaceBlock(2, "c\n", "C\n")))), parsed(text));
    }

    @Test
    void refusesWrapperThatIsNeverClosedOrEmptyOrMixedWithUnwrappedBlocks() {
        assertEquals("the edit is malformed at line 1 of the edit: the <file-edit> wrapper for a.txt is never closed"
                + " with </file-edit>, so the answer may have been cut off; nothing was applied",
                failure("<file-edit filePath=\"a.txt\">\n------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n"));
        assertEquals("the edit is malformed at line 1 of the edit: the <file-edit> wrapper for a.txt holds no"
                + " SEARCH/REPLACE block; nothing was applied", failure("<file-edit filePath=\"a.txt\">\n</file-edit>"));
        assertEquals("the edit is malformed at line 1 of the edit: some blocks are inside <file-edit> wrappers and"
                + " some are not, so it is unclear which file the others are for; nothing was applied",
                failure("------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n<file-edit filePath=\"a.txt\">\n"
                        + "------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n</file-edit>"));
    }

    @Test
    void namesTheFileOfAMalformedWrappedBlock() {
        assertEquals("block 1 of src/A.java is incomplete: the text ends before its '+++++++ REPLACE' marker, so the"
                + " answer may have been cut off; nothing was applied",
                failure("<file-edit filePath=\"src/A.java\">\n------- SEARCH\na\n=======\nb\n</file-edit>\n"));
    }

    @Test
    void parsesTenThousandBlocksAndAHugeBlockInLinearTime() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            sb.append("------- SEARCH\nline ").append(i).append("\n=======\nLINE ").append(i).append("\n+++++++ REPLACE\n");
        }
        assertEquals(10_000, blocks(sb.toString()).size());
        String huge = "x".repeat(80) + "\n";
        String text = "------- SEARCH\n" + huge.repeat(100_000) + "=======\n+++++++ REPLACE\n";
        assertEquals(8_100_000, blocks(text).get(0).search().length());
    }

    @Test
    void mixesLegacyAndCurrentMarkersBlockByBlockAndAcceptsATrailingAngleBracket() {
        assertEquals(List.of(new SearchReplaceBlock(1, "a\n", "b\n"), new SearchReplaceBlock(2, "c\n", "d\n")),
                blocks("<<<<<<< SEARCH>\na\n=======\nb\n+++++++ REPLACE\n------- SEARCH\nc\n=======\nd\n>>>>>>> REPLACE>"));
    }

    @Test
    void aWrapperLineInsideABlockIsContent() {
        assertEquals(List.of(new SearchReplaceBlock(1, "</file-edit>\n", "x\n")),
                blocks("------- SEARCH\n</file-edit>\n=======\nx\n+++++++ REPLACE"));
    }
}
