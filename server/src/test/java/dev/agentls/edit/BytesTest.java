package dev.agentls.edit;

import static dev.agentls.edit.EngineTestSupport.applied;
import static dev.agentls.edit.EngineTestSupport.blocks;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class BytesTest {

    private final SearchReplaceEngine engine = new SearchReplaceEngine();

    @Test
    void newLinesTakeTheCrlfOfACrlfFileAndUntouchedLinesStayByteIdentical() {
        String file = "a\r\nb\r\nc\nd\r\n";
        EditOutcome.Applied out = applied(engine.apply(file, blocks("b", "B1\nB2")));
        assertEquals("a\r\nB1\r\nB2\r\nc\nd\r\n", out.newText());
    }

    @Test
    void newLinesTakeLfInAnLfDominantFileEvenWhenTheModelWroteCrlf() {
        EditOutcome.Applied out = applied(engine.apply("a\nb\r\nc\nd\n",
                List.of(new SearchReplaceBlock(1, "c\r\n", "C\r\nC2\r\n"))));
        assertEquals("a\nb\r\nC\nC2\nd\n", out.newText());
    }

    @Test
    void keepsAMissingFinalNewlineWhenTheLastLineIsReplacedOrDeleted() {
        assertEquals("a\nB", applied(engine.apply("a\nb", blocks("b", "B"))).newText());
        assertEquals("a", applied(engine.apply("a\nb", blocks("b", ""))).newText());
        assertEquals("a\r\nB", applied(engine.apply("a\r\nb", blocks("b", "B"))).newText());
    }

    @Test
    void keepsAFinalNewlineWhenTheLastLineIsReplaced() {
        assertEquals("a\nB\n", applied(engine.apply("a\nb\n", blocks("b", "B"))).newText());
    }

    @Test
    void replacementTextIsLiteral() {
        String replace = "s = s.replaceAll(\"(a)\", \"$1\\\\$0\");";
        EditOutcome.Applied out = applied(engine.apply("x\ny\n", blocks("y", replace)));
        assertEquals("x\n" + replace + "\n", out.newText());
    }

    @Test
    void keepsWhatItIsGivenAtTheStartOfTheText() {
        assertEquals("\uFEFFa\nB\n", applied(engine.apply("\uFEFFa\nb\n", blocks("b", "B"))).newText());
    }

    @Test
    void keepsSurrogatePairsAndLoneCarriageReturnsOfUntouchedText() {
        String file = "emoji \uD83D\uDE00\nold\rmac\nz\n";
        assertEquals("emoji \uD83D\uDE00\nold\rmac\nZ\n", applied(engine.apply(file, blocks("z", "Z"))).newText());
    }

    @Test
    void deletingLinesJoinsNothing() {
        assertEquals("a\nc\n", applied(engine.apply("a\nb\nc\n", blocks("b", ""))).newText());
    }

    @Test
    void anInsideLineMatchInACrlfFileKeepsTheLinesBreak() {
        EditOutcome.Applied out = applied(engine.apply("call(old);\r\nnext\r\n", blocks("old);", "fresh);")));
        assertEquals("call(fresh);\r\nnext\r\n", out.newText());
        assertEquals(List.of(new BlockMatch(1, "exact", 1, 1)), out.matches());
    }

    @Test
    void deletingTextInsideALineJoinsWhatFollowsAsWritten() {
        assertEquals("text with end", applied(engine.apply("text with $^.*\nend", blocks("$^.*", ""))).newText());
    }

    @Test
    void theLastLineOfACrlfFileWithoutFinalNewlineStaysWithoutOne() {
        EditOutcome.Applied out = applied(engine.apply("a\r\nb\r\nc", blocks("b\nc", "B\nC\nD")));
        assertEquals("a\r\nB\r\nC\r\nD", out.newText());
    }

    @Test
    void appliedTextAndMinimalEditsAgree() {
        String file = "one\r\ntwo\r\nthree \uD83D\uDE00\r\nfour";
        EditOutcome.Applied out = applied(engine.apply(file, blocks("three \uD83D\uDE00", "3 \uD83D\uDE01", "four", "4")));
        assertEquals("one\r\ntwo\r\n3 \uD83D\uDE01\r\n4", out.newText());
        assertEquals(out.newText(), MinimalEdits.applyAll(file, MinimalEdits.between(file, out.newText())));
    }
}
