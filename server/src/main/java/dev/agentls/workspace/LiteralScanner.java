package dev.agentls.workspace;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Finds the next occurrence of any of a few literals in file content held one char per byte. Case-sensitive search
 * uses the JVM's vectorised {@code String.indexOf}; case-insensitive search (ASCII literals only) looks for the
 * literal's rarest letter in both cases with {@code indexOf(char)} and verifies around it. Stateless per call: a
 * {@link Cursor} caches the next position of each literal within one file, so alternations do not rescan.
 */
final class LiteralScanner {

    /** Letters from most to least frequent in source code; a later letter makes a better needle. */
    private static final String FREQUENCY = "etaoinsrlcdupmhgbfywvkxqjz";

    private final String[] literals;
    private final int[] anchor;
    private final char[] anchorLower;
    private final char[] anchorUpper;
    private final boolean ignoreCase;

    LiteralScanner(List<String> javaLiterals, boolean ignoreCase) {
        int n = javaLiterals.size();
        this.literals = new String[n];
        this.anchor = new int[n];
        this.anchorLower = new char[n];
        this.anchorUpper = new char[n];
        this.ignoreCase = ignoreCase;
        for (int i = 0; i < n; i++) {
            String bytes = new String(javaLiterals.get(i).getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
            literals[i] = ignoreCase ? lower(bytes) : bytes;
            if (ignoreCase) {
                int best = 0;
                int bestRank = -1;
                for (int j = 0; j < literals[i].length(); j++) {
                    char c = literals[i].charAt(j);
                    int rank = c >= 'a' && c <= 'z' ? FREQUENCY.indexOf(c) : 30;
                    if (rank > bestRank) {
                        bestRank = rank;
                        best = j;
                    }
                }
                anchor[i] = best;
                char c = literals[i].charAt(best);
                anchorLower[i] = c;
                anchorUpper[i] = c >= 'a' && c <= 'z' ? (char) (c - 32) : c;
            }
        }
    }

    int count() {
        return literals.length;
    }

    int length(int literal) {
        return literals[literal].length();
    }

    /** Whether literal {@code literal} occurs in {@code text} at {@code at}. */
    boolean matchesAt(String text, int at, int literal) {
        String lit = literals[literal];
        if (at + lit.length() > text.length()) {
            return false;
        }
        return ignoreCase ? matchesFolded(text, at, lit) : text.startsWith(lit, at);
    }

    Cursor cursor(String text) {
        return new Cursor(text);
    }

    /** Scans one file's content; remembers each literal's next occurrence so alternations stay linear. */
    final class Cursor {
        private final String text;
        private final int[] next;
        private final int[] nextLower;
        private final int[] nextUpper;
        /** Which literal the last {@link #find} hit. */
        int literal;

        Cursor(String text) {
            this.text = text;
            int n = literals.length;
            next = new int[n];
            nextLower = new int[n];
            nextUpper = new int[n];
            java.util.Arrays.fill(next, -2);
            java.util.Arrays.fill(nextLower, -2);
            java.util.Arrays.fill(nextUpper, -2);
        }

        /** The start of the earliest occurrence of any literal at or after {@code from}, or -1. */
        int find(int from) {
            int best = -1;
            for (int i = 0; i < literals.length; i++) {
                if (next[i] == -1) {
                    continue;
                }
                if (next[i] < from) {
                    next[i] = ignoreCase ? findFolded(i, from) : text.indexOf(literals[i], from);
                }
                if (next[i] >= 0 && (best < 0 || next[i] < best)) {
                    best = next[i];
                    literal = i;
                }
            }
            return best;
        }

        private int findFolded(int i, int from) {
            String lit = literals[i];
            int k = anchor[i];
            int q = from + k;
            while (true) {
                if (nextLower[i] != -1 && nextLower[i] < q) {
                    nextLower[i] = text.indexOf(anchorLower[i], q);
                }
                if (anchorUpper[i] == anchorLower[i]) {
                    nextUpper[i] = -1;
                } else if (nextUpper[i] != -1 && nextUpper[i] < q) {
                    nextUpper[i] = text.indexOf(anchorUpper[i], q);
                }
                int p = minNonNegative(nextLower[i], nextUpper[i]);
                if (p < 0) {
                    return -1;
                }
                int start = p - k;
                if (start + lit.length() <= text.length() && matchesFolded(text, start, lit)) {
                    return start;
                }
                q = p + 1;
            }
        }
    }

    private static int minNonNegative(int a, int b) {
        if (a < 0) {
            return b;
        }
        if (b < 0) {
            return a;
        }
        return Math.min(a, b);
    }

    private static boolean matchesFolded(String text, int start, String lowerLiteral) {
        for (int j = 0; j < lowerLiteral.length(); j++) {
            char c = text.charAt(start + j);
            if (c >= 'A' && c <= 'Z') {
                c += 32;
            }
            if (c != lowerLiteral.charAt(j)) {
                return false;
            }
        }
        return true;
    }

    private static String lower(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : c);
        }
        return sb.toString();
    }
}
