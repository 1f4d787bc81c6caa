package dev.agentls.lsp.review;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Finds a hunk again in a document the user has edited since, by content: the lines the run wrote, exactly, nearest
 * to where the hunk was last seen, preferring a place where the lines around it are still the ones the run left; a
 * hunk that deleted lines is found by the two lines it left side by side. Empty when the hunk is gone (the user
 * changed or removed its lines).
 */
final class HunkLocator {

    private HunkLocator() {}

    /** The zero-based line where the hunk's written lines start now, or where its deletion sits. */
    static OptionalInt find(List<String> lines, Hunk hunk, int lastSeen) {
        if (hunk.newLines().isEmpty()) {
            return deletion(lines, hunk, lastSeen);
        }
        int size = hunk.newLines().size();
        int best = -1;
        int bestScore = Integer.MIN_VALUE;
        for (int at = 0; at + size <= lines.size(); at++) {
            if (!lines.subList(at, at + size).equals(hunk.newLines())) {
                continue;
            }
            int context = (matches(lines, at - 1, hunk.lineBefore()) ? 1 : 0)
                    + (matches(lines, at + size, hunk.lineAfter()) ? 1 : 0);
            // Context first, then nearness: a moved hunk is found where its surroundings moved with it.
            int score = context * 1_000_000 - Math.abs(at - lastSeen);
            if (score > bestScore) {
                bestScore = score;
                best = at;
            }
        }
        return best < 0 ? OptionalInt.empty() : OptionalInt.of(best);
    }

    private static OptionalInt deletion(List<String> lines, Hunk hunk, int lastSeen) {
        int best = -1;
        for (int at = 0; at <= lines.size(); at++) {
            if (matches(lines, at - 1, hunk.lineBefore()) && matches(lines, at, hunk.lineAfter())
                    && (best < 0 || Math.abs(at - lastSeen) < Math.abs(best - lastSeen))) {
                best = at;
            }
        }
        return best < 0 ? OptionalInt.empty() : OptionalInt.of(best);
    }

    /** Whether line {@code index} is {@code expected}; null expects the text's start or end there. */
    private static boolean matches(List<String> lines, int index, String expected) {
        if (index < 0 || index >= lines.size()) {
            return expected == null;
        }
        return Objects.equals(lines.get(index), expected);
    }
}
