package dev.agentls.edit;

import static dev.agentls.edit.EngineTestSupport.applied;
import static dev.agentls.edit.EngineTestSupport.blocks;
import static dev.agentls.edit.EngineTestSupport.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Malformed, huge and pathological input: a clear outcome in bounded time, and nothing half-applied. */
@Tag("slow")
class HostileInputTest {

    private static final Duration BOUND = Duration.ofSeconds(30);
    private final SearchReplaceEngine engine = new SearchReplaceEngine();

    private static String numberedLines(int count) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count; i++) {
            sb.append("    int value").append(i).append(" = compute(").append(i % 97).append(");\n");
        }
        return sb.toString();
    }

    @Test
    void appliesOneBlockNearTheEndOfATenMegabyteText() {
        String file = numberedLines(300_000);
        assertTrue(file.length() > 10_000_000);
        String line = "    int value299990 = compute(" + (299_990 % 97) + ");";
        EditOutcome.Applied out = assertTimeoutPreemptively(BOUND,
                () -> applied(engine.apply(file, blocks(line, "    gone();"))));
        assertEquals(List.of(new BlockMatch(1, "exact", 299_991, 299_991)), out.matches());
        assertEquals(file.replace(line + "\n", "    gone();\n"), out.newText());
    }

    @Test
    void explainsAMissInATenMegabyteTextInBoundedTime() {
        String file = numberedLines(300_000);
        SearchReplaceFailure.NotFound f = assertTimeoutPreemptively(BOUND, () -> refused(engine.apply(file,
                blocks("    int value12 = compute(12);\n    int nothing = here(0);\n    int value14 = compute(14);", "x")),
                SearchReplaceFailure.NotFound.class));
        assertEquals(1, f.block());
        assertTrue(f.closest().isPresent(), f.message());
    }

    @Test
    void appliesTenThousandBlocksInOrder() {
        String file = numberedLines(10_000);
        String[] pairs = new String[20_000];
        for (int i = 0; i < 10_000; i++) {
            pairs[2 * i] = "    int value" + i + " = compute(" + (i % 97) + ");";
            pairs[2 * i + 1] = "    long value" + i + " = 0;";
        }
        EditOutcome.Applied out = assertTimeoutPreemptively(BOUND, () -> applied(engine.apply(file, blocks(pairs))));
        assertEquals(10_000, out.matches().size());
        assertEquals(new BlockMatch(10_000, "exact", 10_000, 10_000), out.matches().get(9_999));
        assertTrue(out.newText().startsWith("    long value0 = 0;\n    long value1 = 0;\n"));
    }

    @Test
    void pathologicalFuzzyWindowsStayBounded() {
        String line = "x".repeat(60) + "\n";
        String file = line.repeat(20_000);
        StringBuilder search = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            search.append("x".repeat(59)).append(i % 2 == 0 ? "y" : "x").append('\n');
        }
        SearchReplaceFailure failure = assertTimeoutPreemptively(BOUND, () -> {
            EditOutcome out = engine.apply(file, List.of(new SearchReplaceBlock(1, search.toString(), "z\n")));
            return (SearchReplaceFailure) ((EditOutcome.Refused) out).failure();
        });
        assertEquals(1, failure instanceof SearchReplaceFailure.NotFound nf ? nf.block()
                : ((SearchReplaceFailure.Ambiguous) failure).block());
    }

    @Test
    void aSearchLargerThanTheFileIsNotFoundInBoundedTime() {
        String search = numberedLines(100_000);
        SearchReplaceFailure.NotFound f = assertTimeoutPreemptively(BOUND, () -> refused(
                engine.apply("int a;\nint b;\n", List.of(new SearchReplaceBlock(1, search, "x\n"))),
                SearchReplaceFailure.NotFound.class));
        assertEquals(1, f.block());
    }

    @Test
    void aSearchFoundInEveryLineStopsCountingAndRefuses() {
        String file = "x\n".repeat(200_000);
        SearchReplaceFailure.Ambiguous f = assertTimeoutPreemptively(BOUND,
                () -> refused(engine.apply(file, blocks("x", "y")), SearchReplaceFailure.Ambiguous.class));
        assertTrue(f.message().startsWith("SEARCH block 1 is ambiguous: it matches more than 1000 places (exact match):"
                + " line 1, line 2, line 3,"), f.message());
        assertTrue(f.message().contains(", line 20 and more;"), f.message());
    }

    @Test
    void controlCharactersAndNulsAreJustText() {
        String file = "a\u0000b\nc\u001b[0m\n";
        assertEquals("a\u0000b\nC\n", applied(engine.apply(file, blocks("c\u001b[0m", "C"))).newText());
    }

    @Test
    void blocksWithOnlyBlankLinesAreRefusedUnlessExact() {
        List<SearchReplaceBlock> b = new ArrayList<>();
        b.add(new SearchReplaceBlock(1, "   \n", "x\n"));
        refused(engine.apply("a\nb\n", b), SearchReplaceFailure.NotFound.class);
    }

    @Test
    void aHugeWhitespaceNormalizedMatchIsReindentedWithoutLosingTheFilesBlankLine() {
        StringBuilder file = new StringBuilder("class Big {\n");
        StringBuilder search = new StringBuilder();
        for (int i = 0; i < 6_000; i++) {
            file.append("    call").append(i).append("();\n");
            search.append("call").append(i).append("();\n");
            if (i == 3_000) {
                file.append("\n");
            }
        }
        file.append("}\n");
        String replace = "callFirst();\n" + search.substring(search.indexOf("\n") + 1);
        EditOutcome.Applied out = applied(engine.apply("Big.java", file.toString(),
                List.of(new SearchReplaceBlock(1, search.toString(), replace))));
        String expected = file.toString().replace("    call0();\n", "    callFirst();\n");
        assertEquals(expected, out.newText());
        assertEquals("whitespace-normalized", out.matches().get(0).strategy());
    }
}
