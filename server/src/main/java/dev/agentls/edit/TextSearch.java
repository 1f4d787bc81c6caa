package dev.agentls.edit;

/**
 * Finds a pattern in a text fast and in bounded time. Short patterns use the JDK's vectorised search (its cost is at
 * most the pattern's length per character). Longer ones use a Horspool search that shifts on the last four
 * characters of the window: code repeats its short runs (indentation, {@code int }, {@code ();}) so often that
 * shorter keys mostly shift by a few characters, falling back to
 * Knuth-Morris-Pratt, linear in the worst case, once the comparisons spent pass a multiple of the text scanned.
 */
final class TextSearch {

    private static final int Q = 4;
    private static final int TABLE = 1 << 12;
    private static final int COMPARISONS_PER_CHAR = 4;
    private static final int SHORT = 16;

    private final String pattern;
    private final char[] p;
    /** Per 4-gram at the window's end: {@link #longShift} minus the least shift that puts it where the pattern has it. */
    private final char[] shift;
    /** The same for the 4-gram just before it: the least shift that puts it where the pattern has that one. */
    private final char[] shiftBefore;
    /** The shift when a 4-gram is nowhere in the pattern: the pattern's length less three, capped at 65535. */
    private final int longShift;
    private final int lastHash;
    private int[] failure;

    TextSearch(String pattern) {
        this.pattern = pattern;
        this.p = pattern.toCharArray();
        int m = p.length;
        this.lastHash = m >= Q ? hash(p[m - 4], p[m - 3], p[m - 2], p[m - 1]) : -1;
        if (m <= SHORT) {
            // The JDK's search handles these; no tables to fill.
            this.shift = null;
            this.shiftBefore = null;
            this.longShift = 0;
            return;
        }
        // Tables hold how much LESS than the longest shift a 4-gram allows, so a fresh (zeroed) table already says
        // "not in the pattern" and nothing is filled: a block's search is often shorter than filling 2 x 4096 ints.
        // A char holds at most 65535: for longer patterns the longest shift is capped there, which is only slower.
        this.longShift = Math.min(m - Q + 1, Character.MAX_VALUE);
        this.shift = new char[TABLE];
        for (int i = Q - 1; i < m - 1; i++) {
            shift[hash(p[i - 3], p[i - 2], p[i - 1], p[i])] = (char) Math.max(0, longShift - (m - 1 - i));
        }
        this.shiftBefore = new char[TABLE];
        for (int e = Q - 1; e <= m - Q - 2; e++) {
            shiftBefore[hash(p[e - 3], p[e - 2], p[e - 1], p[e])] = (char) Math.max(0, longShift - Q - (m - Q - 1 - e));
        }
    }

    int length() {
        return p.length;
    }

    /**
     * The first occurrence at or after {@code from}, or -1. The search loop is written once per text type: through
     * the {@code CharSequence} interface every char read is a call the JIT cannot inline once it has seen both a
     * {@code String} and a {@code StringBuilder}, which made the loop several times slower.
     */
    int find(CharSequence t, int from) {
        int m = p.length;
        int n = t.length();
        if (m == 0) {
            return from <= n ? from : -1;
        }
        if (m <= SHORT) {
            if (t instanceof String s) {
                return s.indexOf(pattern, from);
            }
            if (t instanceof StringBuilder sb) {
                return sb.indexOf(pattern, from);
            }
            return naive(t, from);
        }
        if (t instanceof String s) {
            return find(s, from);
        }
        if (t instanceof StringBuilder sb) {
            return find(sb, from);
        }
        return find(t.toString(), from);
    }

    private int find(String t, int from) {
        int m = p.length;
        int n = t.length();
        long budget = (long) COMPARISONS_PER_CHAR * (n - from) + 64;
        long spent = 0;
        int i = from;
        while (i + m <= n) {
            int end = i + m - 1;
            int h = hash(t.charAt(end - 3), t.charAt(end - 2), t.charAt(end - 1), t.charAt(end));
            int step = longShift - shift[h];
            if (step < longShift - Q) {
                // Code repeats its 4-grams, so the last one often allows only a short shift; the 4-gram before it
                // must then fit as well, which rules out most of those short shifts.
                step = Math.max(step, longShift - Q - shiftBefore[hash(t.charAt(end - 7), t.charAt(end - 6),
                        t.charAt(end - 5), t.charAt(end - 4))]);
            }
            if (h == lastHash) {
                int k = m - 1;
                while (k >= 0 && t.charAt(i + k) == p[k]) {
                    k--;
                }
                spent += m - k;
                if (k < 0) {
                    return i;
                }
                if (spent > budget) {
                    return kmp(t, i + 1);
                }
            }
            i += step;
        }
        return -1;
    }

    /** {@link #find(String, int)} over a builder (same steps; see {@link #find(CharSequence, int)} for why twice). */
    private int find(StringBuilder t, int from) {
        int m = p.length;
        int n = t.length();
        long budget = (long) COMPARISONS_PER_CHAR * (n - from) + 64;
        long spent = 0;
        int i = from;
        while (i + m <= n) {
            int end = i + m - 1;
            int h = hash(t.charAt(end - 3), t.charAt(end - 2), t.charAt(end - 1), t.charAt(end));
            int step = longShift - shift[h];
            if (step < longShift - Q) {
                step = Math.max(step, longShift - Q - shiftBefore[hash(t.charAt(end - 7), t.charAt(end - 6),
                        t.charAt(end - 5), t.charAt(end - 4))]);
            }
            if (h == lastHash) {
                int k = m - 1;
                while (k >= 0 && t.charAt(i + k) == p[k]) {
                    k--;
                }
                spent += m - k;
                if (k < 0) {
                    return i;
                }
                if (spent > budget) {
                    return kmp(t, i + 1);
                }
            }
            i += step;
        }
        return -1;
    }

    private int naive(CharSequence t, int from) {
        int m = p.length;
        outer:
        for (int i = from; i + m <= t.length(); i++) {
            for (int k = 0; k < m; k++) {
                if (t.charAt(i + k) != p[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private int kmp(CharSequence t, int from) {
        int m = p.length;
        if (failure == null) {
            failure = new int[m];
            for (int i = 1, k = 0; i < m; i++) {
                while (k > 0 && p[i] != p[k]) {
                    k = failure[k - 1];
                }
                if (p[i] == p[k]) {
                    k++;
                }
                failure[i] = k;
            }
        }
        int k = 0;
        for (int i = from; i < t.length(); i++) {
            char c = t.charAt(i);
            while (k > 0 && c != p[k]) {
                k = failure[k - 1];
            }
            if (c == p[k]) {
                k++;
            }
            if (k == m) {
                return i - m + 1;
            }
        }
        return -1;
    }

    /** Shifts and XORs, not a multiply chain: every step of the search waits for this value before it can move. */
    private static int hash(char a, char b, char c, char d) {
        return ((a << 9) ^ (b << 6) ^ (c << 3) ^ d) & (TABLE - 1);
    }
}
