package dev.agentls.cli;

import java.util.Collection;
import java.util.Optional;

/** The "did you mean" of a mistyped verb or option: the known name nearest by edit distance, when one is near. */
final class Suggestions {

    private Suggestions() {}

    /**
     * The closest of {@code known} to {@code typed}: at most two edits away, and fewer than half of the typed name's
     * characters changed, so "x" suggests nothing; ties go to the first known.
     */
    static Optional<String> closest(String typed, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String name : known) {
            int distance = distance(typed, name);
            if (distance < bestDistance) {
                best = name;
                bestDistance = distance;
            }
        }
        if (best == null || bestDistance == 0 || bestDistance > 2 || bestDistance * 2 >= Math.max(typed.length(), 2)) {
            return Optional.empty();
        }
        return Optional.of(best);
    }

    /** Levenshtein distance, with an adjacent swap counted as one edit ("--mdoel"). */
    static int distance(String a, String b) {
        if (a.length() > 64 || b.length() > 64) {
            return Integer.MAX_VALUE;  // a pasted paragraph is no typo of an option
        }
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
