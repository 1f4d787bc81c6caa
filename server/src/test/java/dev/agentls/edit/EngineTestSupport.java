package dev.agentls.edit;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.List;

/** Builds blocks and unwraps outcomes for the engine tests. */
final class EngineTestSupport {

    private EngineTestSupport() {}

    /** Blocks from pairs of SEARCH and REPLACE texts given as lines joined by \n (each gets its final \n). */
    static List<SearchReplaceBlock> blocks(String... searchReplacePairs) {
        List<SearchReplaceBlock> out = new ArrayList<>();
        for (int i = 0; i < searchReplacePairs.length; i += 2) {
            out.add(new SearchReplaceBlock(i / 2 + 1, lines(searchReplacePairs[i]), lines(searchReplacePairs[i + 1])));
        }
        return out;
    }

    private static String lines(String s) {
        return s.isEmpty() ? "" : s + "\n";
    }

    static EditOutcome.Applied applied(EditOutcome outcome) {
        if (outcome instanceof EditOutcome.Refused refused) {
            throw new AssertionError("refused: " + refused.failure().message());
        }
        return assertInstanceOf(EditOutcome.Applied.class, outcome);
    }

    static <T extends SearchReplaceFailure> T refused(EditOutcome outcome, Class<T> type) {
        if (outcome instanceof EditOutcome.Applied applied) {
            throw new AssertionError("applied: " + applied.newText());
        }
        return assertInstanceOf(type, ((EditOutcome.Refused) outcome).failure());
    }
}
