package dev.agentls.edit;

import static dev.agentls.edit.EngineTestSupport.applied;
import static dev.agentls.edit.EngineTestSupport.blocks;
import static dev.agentls.edit.EngineTestSupport.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A SEARCH that starts after its first line's indentation, as models trained on string-replace tools write it (the
 * first line's indentation left out, later lines with theirs; GLM-4.6 and Kimi-K2 trajectories show it): found once
 * as text, it is applied there as written, never re-indented.
 */
class MidLineSearchTest {

    private final SearchReplaceEngine engine = new SearchReplaceEngine();

    private static final String JAVA = """
            class Stats {
                double mean(int[] xs) {
                    int sum = 0;
                    for (int x : xs) {
                        sum += x;
                    }
                    return sum / xs.length;
                }
            }
            """;

    @Test
    void appliesASearchMissingItsFirstLinesIndentationWhereItStandsWithoutShiftingTheBody() {
        EditOutcome.Applied out = applied(engine.apply("Stats.java", JAVA, blocks(
                "int sum = 0;\n        for (int x : xs) {\n            sum += x;\n        }\n        return sum / xs.length;",
                "double sum = 0;\n        for (int x : xs) {\n            sum += x;\n        }\n"
                        + "        return xs.length == 0 ? 0 : sum / xs.length;")));
        assertEquals(JAVA.replace("int sum = 0;", "double sum = 0;")
                .replace("return sum / xs.length;", "return xs.length == 0 ? 0 : sum / xs.length;"), out.newText());
        assertEquals(List.of(new BlockMatch(1, "exact", 3, 7)), out.matches());
    }

    @Test
    void aNewTopLevelFunctionAfterAReturnStaysAtTheTopLevel() {
        String py = "def mean(xs):\n    total = sum(xs)\n    return total / len(xs)\n\n\nprint(mean([1, 2]))\n";
        EditOutcome.Applied out = applied(engine.apply("stats.py", py, blocks(
                "return total / len(xs)",
                "return total / len(xs)\n\n\ndef median(xs):\n    return sorted(xs)[len(xs) // 2]")));
        assertEquals("def mean(xs):\n    total = sum(xs)\n    return total / len(xs)\n\n\ndef median(xs):\n"
                + "    return sorted(xs)[len(xs) // 2]\n\n\nprint(mean([1, 2]))\n", out.newText());
        assertEquals("exact", out.matches().get(0).strategy());
    }

    @Test
    void aSearchCutInsideItsLastLineKeepsTheRestOfThatLine() {
        String file = "if (ok) {\n    run(a, b);\n    log(\"done\", level);\n}\n";
        EditOutcome.Applied out = applied(engine.apply("A.java", file,
                List.of(new SearchReplaceBlock(1, "run(a, b);\n    log(\"done\"", "run(b, a);\n    log(\"swapped\""))));
        assertEquals("if (ok) {\n    run(b, a);\n    log(\"swapped\", level);\n}\n", out.newText());
    }

    @Test
    void wholeLinesQuotedAtAnotherIndentationAreStillReindentedToTheFile() {
        String file = "class A {\n    void f() {\n        call(1);\n    }\n}\n";
        EditOutcome.Applied out = applied(engine.apply("A.java", file,
                blocks("  void f() {\n      call(1);", "  void f() {\n      call(2);")));
        assertEquals("class A {\n    void f() {\n        call(2);\n    }\n}\n", out.newText());
        assertEquals("line-trimmed", out.matches().get(0).strategy());
    }

    @Test
    void aReplaceStartingWithABlankLineNeverLeavesTheIndentationStandingAlone() {
        // The change is already there: the model's SEARCH names a top-level brace the file holds indented only.
        String file = "function f() {\n  if (x) {\n    g();\n  }\n\nmodule.exports = { f };\n";
        SearchReplaceFailure.AlreadyApplied f = refused(engine.apply("app.js", file,
                blocks("}\n\nmodule.exports = { f };", "\nmodule.exports = { f };")),
                SearchReplaceFailure.AlreadyApplied.class);
        assertEquals("SEARCH block 1 looks already applied: lines 4-6 already read as its REPLACE, so it was not"
                + " applied again; nothing was applied", f.message());
    }
}
