package dev.agentls.edit;

import java.util.Arrays;

/**
 * Which line of one list stands for which line of another: a longest common subsequence over the lines' keys
 * (trimmed, whitespace runs collapsed; blank lines key as empty), so moved indentation, re-wrapped spacing and
 * added or missing lines between do not break the pairing. Bounded: past {@value #MAX_CELLS} cells, a cheaper pairing
 * in order is used ({@link #inOrder}).
 */
final class LinePairs {

    static final long MAX_CELLS = 4_000_000L;

    private LinePairs() {}

    /**
     * {@link #pair}, then, between two paired lines (or the ends), lines left unpaired on both sides in equal numbers
     * are paired in order: a line the model changed stands where the line it changes stood.
     */
    static int[] pairWithChanged(String[] a, String[] b) {
        int[] out = pair(a, b);
        int i = 0;
        int j = 0;
        while (i <= a.length) {
            int ni = i;
            while (ni < a.length && out[ni] < 0) {
                ni++;
            }
            int nj = ni < a.length ? out[ni] : b.length;
            if (ni - i == nj - j && nj >= j) {
                for (int k = 0; k < ni - i; k++) {
                    out[i + k] = j + k;
                }
            }
            if (ni >= a.length) {
                break;
            }
            i = ni + 1;
            j = out[ni] + 1;
        }
        return out;
    }

    /** For each line of {@code a}, the index of its partner in {@code b}, or -1. */
    static int[] pair(String[] a, String[] b) {
        int[] out = new int[a.length];
        Arrays.fill(out, -1);
        String[] ka = keys(a);
        String[] kb = keys(b);
        if ((long) a.length * b.length > MAX_CELLS) {
            return inOrder(ka, kb, out);
        }
        int[][] len = new int[a.length + 1][b.length + 1];
        for (int i = a.length - 1; i >= 0; i--) {
            for (int j = b.length - 1; j >= 0; j--) {
                len[i][j] = ka[i].equals(kb[j]) ? len[i + 1][j + 1] + 1 : Math.max(len[i + 1][j], len[i][j + 1]);
            }
        }
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            if (ka[i].equals(kb[j])) {
                out[i++] = j++;
            } else if (len[i + 1][j] >= len[i][j + 1]) {
                i++;
            } else {
                j++;
            }
        }
        return out;
    }

    /**
     * Past the bound: lines of equal count pair index by index; otherwise the non-blank lines pair in order when they
     * are as many and read the same (a match that differs in blank lines only), else nothing pairs.
     */
    private static int[] inOrder(String[] ka, String[] kb, int[] out) {
        if (ka.length == kb.length) {
            for (int i = 0; i < ka.length; i++) {
                out[i] = i;
            }
            return out;
        }
        int j = 0;
        for (int i = 0; i < ka.length; i++) {
            if (ka[i].isEmpty()) {
                continue;
            }
            while (j < kb.length && kb[j].isEmpty()) {
                j++;
            }
            if (j == kb.length || !ka[i].equals(kb[j])) {
                java.util.Arrays.fill(out, -1);
                return out;
            }
            out[i] = j++;
        }
        return out;
    }

    private static String[] keys(String[] lines) {
        String[] out = new String[lines.length];
        for (int i = 0; i < lines.length; i++) {
            out[i] = WhitespaceNormalizedStage.collapse(lines[i]);
        }
        return out;
    }
}
