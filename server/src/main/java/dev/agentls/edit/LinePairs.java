package dev.agentls.edit;

import java.util.Arrays;

/**
 * Which line of one list stands for which line of another: a longest common subsequence over the lines' keys
 * (trimmed, whitespace runs collapsed; blank lines key as empty), so moved indentation, re-wrapped spacing and
 * added or missing lines between do not break the pairing. Bounded: past {@value #MAX_CELLS} cells, lists of equal
 * length pair index by index and others do not pair at all (the caller then falls back to one reference pair).
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
        if ((long) a.length * b.length > MAX_CELLS) {
            if (a.length == b.length) {
                for (int i = 0; i < a.length; i++) {
                    out[i] = i;
                }
            }
            return out;
        }
        String[] ka = keys(a);
        String[] kb = keys(b);
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

    private static String[] keys(String[] lines) {
        String[] out = new String[lines.length];
        for (int i = 0; i < lines.length; i++) {
            out[i] = WhitespaceNormalizedStage.collapse(lines[i]);
        }
        return out;
    }
}
