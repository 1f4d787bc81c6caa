package dev.agentls.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.IntBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

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

    private static String refusal(String text, int... starts) {
        return assertThrows(IllegalArgumentException.class,
                () -> IndexedText.withLineStarts(text, IntBuffer.wrap(starts), false)).getMessage();
    }
}
