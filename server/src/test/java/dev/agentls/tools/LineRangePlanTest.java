package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class LineRangePlanTest {

    private static final String FILE = "a\nb\nc\n";

    @Test
    void appliesReplacementsAndInsertionsBottomUpKeepingTheLastLineBreak() throws Exception {
        List<LineRangePlan.Edit> edits = LineRangePlan.parse("```json\n[{\"start_line\": 1, \"end_line\": 1,"
                + " \"replacement\": \"A1\\nA2\"}, {\"start_line\": 3, \"end_line\": 2, \"replacement\": \"inserted\\n\"},"
                + " {\"start_line\": 4, \"end_line\": 3, \"replacement\": \"end\"}]\n```", 3);
        assertEquals("A1\nA2\nb\ninserted\nc\nend\n", LineRangePlan.apply(FILE, edits));
    }

    @Test
    void aReplacementAndAnInsertionAtTheSameLineKeepTheInsertionFirst() throws Exception {
        List<LineRangePlan.Edit> edits = LineRangePlan.parse("[{\"start_line\": 2, \"end_line\": 1, \"replacement\":"
                + " \"new\"}, {\"start_line\": 2, \"end_line\": 2, \"replacement\": \"B\"}]", 3);
        assertEquals("a\nnew\nB\nc\n", LineRangePlan.apply(FILE, edits));
    }

    @Test
    void deletesLinesWithAnEmptyReplacementAndKeepsAMissingFinalBreakMissing() throws Exception {
        assertEquals("a\nc", LineRangePlan.apply("a\nb\nc",
                LineRangePlan.parse("[{\"start_line\": 2, \"end_line\": 2, \"replacement\": \"\"}]", 3)));
    }

    @Test
    void refusesBadPlansNamingTheEntryAndTheFact() {
        assertEquals("edit 1: start_line 0 is outside the file's lines 1-3 (4 appends)", refusal(
                "[{\"start_line\": 0, \"end_line\": 1, \"replacement\": \"x\"}]"));
        assertEquals("edit 2: end_line 9 must be between start_line - 1 (1, an insertion) and the last line 3",
                refusal("[{\"start_line\": 1, \"end_line\": 1, \"replacement\": \"x\"},"
                        + " {\"start_line\": 2, \"end_line\": 9, \"replacement\": \"y\"}]"));
        assertEquals("edits for lines 1-2 and 2-3 overlap; each line may be replaced by one edit only", refusal(
                "[{\"start_line\": 2, \"end_line\": 3, \"replacement\": \"x\"},"
                        + " {\"start_line\": 1, \"end_line\": 2, \"replacement\": \"y\"}]"));
        assertEquals("edits for lines 2-1 and 2-1 overlap; each line may be replaced by one edit only", refusal(
                "[{\"start_line\": 2, \"end_line\": 1, \"replacement\": \"x\"},"
                        + " {\"start_line\": 2, \"end_line\": 1, \"replacement\": \"y\"}]"));
        assertEquals("edit 1 needs whole-number start_line and end_line and a string replacement, got"
                + " {\"start_line\":\"1\",\"end_line\":1,\"replacement\":\"x\"}", refusal(
                "[{\"start_line\": \"1\", \"end_line\": 1, \"replacement\": \"x\"}]"));
        assertEquals("edit 1 needs whole-number start_line and end_line and a string replacement, got"
                + " {\"start_line\":1.0E30,\"end_line\":1,\"replacement\":\"x\"}", refusal(
                "[{\"start_line\": 1e30, \"end_line\": 1, \"replacement\": \"x\"}]"));
        assertEquals("the list is empty: it must hold at least one edit", refusal("[]"));
        assertEquals("the answer is not a JSON list: expected [{\"start_line\": N, \"end_line\": M, \"replacement\":"
                + " \"...\"}], got I cannot do that", refusal("I cannot do that"));
    }

    private static String refusal(String answer) {
        return assertThrows(LineRangePlan.Invalid.class, () -> LineRangePlan.parse(answer, 3)).getMessage();
    }
}
