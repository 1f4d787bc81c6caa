package dev.agentls.edit;

import java.util.List;

/**
 * Whether a line diff is affordable. Myers' diff takes time in proportion to the lines times the lines that differ,
 * so two large texts with little in common (a file rewritten whole, a buffer reformatted) would hold the caller for
 * a minute; those are replaced whole instead. The check runs Myers' greedy forward pass itself, stopping as soon as
 * the differing lines pass what the budget allows, so it never costs more than the budget.
 */
final class DiffBudget {

    /** Comparisons of lines a diff may take: a few hundred milliseconds at the most. */
    static final long DEFAULT = 100_000_000L;

    private DiffBudget() {}

    /** True when {@code a} and {@code b} differ in few enough lines that diffing them stays within {@code budget}. */
    static boolean affordable(List<String> a, List<String> b, long budget) {
        int n = a.size();
        int m = b.size();
        long size = (long) n + m;
        if (size == 0) {
            return true;
        }
        int maxD = (int) Math.min(size, Math.max(64, budget / size));
        int[] hashA = hashes(a);
        int[] hashB = hashes(b);
        int offset = maxD + 1;
        int[] v = new int[2 * maxD + 3];
        for (int d = 0; d <= maxD; d++) {
            for (int k = -d; k <= d; k += 2) {
                int x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
                        ? v[offset + k + 1] : v[offset + k - 1] + 1;
                int y = x - k;
                while (x < n && y < m && hashA[x] == hashB[y] && a.get(x).equals(b.get(y))) {
                    x++;
                    y++;
                }
                v[offset + k] = x;
                if (x >= n && y >= m) {
                    return true;
                }
            }
        }
        return false;
    }

    private static int[] hashes(List<String> lines) {
        int[] h = new int[lines.size()];
        for (int i = 0; i < h.length; i++) {
            h[i] = lines.get(i).hashCode();
        }
        return h;
    }
}
