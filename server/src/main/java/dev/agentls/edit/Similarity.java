package dev.agentls.edit;

/**
 * Edit-distance similarity, {@code 1 - distance / longer length}, with a banded variant that gives up as soon as
 * the distance must exceed a bound: the fuzzy stage's cost stays proportional to what it could still accept.
 */
final class Similarity {

    private Similarity() {}

    static double ratio(String a, String b) {
        int longer = Math.max(a.length(), b.length());
        if (longer == 0) {
            return 1.0;
        }
        return 1.0 - (double) distance(a, b, longer) / longer;
    }

    /** Levenshtein distance, or {@code max + 1} once it is certain to exceed {@code max}. */
    static int distance(String a, String b, int max) {
        int n = a.length();
        int m = b.length();
        if (Math.abs(n - m) > max) {
            return max + 1;
        }
        if (n == 0 || m == 0) {
            return Math.max(n, m);
        }
        int big = max + 1;
        int[] prev = new int[m + 1];
        int[] cur = new int[m + 1];
        for (int j = 0; j <= m; j++) {
            prev[j] = j <= max ? j : big;
        }
        for (int i = 1; i <= n; i++) {
            int lo = Math.max(1, i - max);
            int hi = Math.min(m, i + max);
            cur[0] = i <= max ? i : big;
            if (lo > 1) {
                cur[lo - 1] = big;
            }
            int rowMin = cur[0];
            char ca = a.charAt(i - 1);
            for (int j = lo; j <= hi; j++) {
                int cost = ca == b.charAt(j - 1) ? 0 : 1;
                int v = Math.min(Math.min(prev[j] + 1, cur[j - 1] + 1), prev[j - 1] + cost);
                cur[j] = Math.min(v, big);
                rowMin = Math.min(rowMin, cur[j]);
            }
            if (hi < m) {
                cur[hi + 1] = big;
            }
            if (rowMin > max) {
                return big;
            }
            int[] swap = prev;
            prev = cur;
            cur = swap;
        }
        return Math.min(prev[m], big);
    }

    /** The number of cells {@link #distance} may visit: its cost. */
    static long cost(int n, int m, int max) {
        return (long) n * Math.min(m, 2L * max + 1);
    }
}
