package dev.agentls.edit;

/**
 * Recognises SEARCH/REPLACE marker lines (the line without its line break). A marker is exact: one repeated marker
 * character, at least three of them, a space and the word, nothing else (a trailing space makes it content).
 */
enum Marker {
    SEARCH, DIVIDER, REPLACE, NONE;

    /** Dividers shorter than this count only when no full divider follows in the same block. */
    static final int FULL_LENGTH = 7;

    static Marker of(String line) {
        int n = line.length();
        if (n < 3) {
            return NONE;
        }
        char c = line.charAt(0);
        if (c == '=') {
            return run(line, '=') == n ? DIVIDER : NONE;
        }
        if (c == '-' || c == '<') {
            return word(line, c, "SEARCH") ? SEARCH : NONE;
        }
        if (c == '+' || c == '>') {
            return word(line, c, "REPLACE") ? REPLACE : NONE;
        }
        return NONE;
    }

    /** How many marker characters the line starts with. */
    static int length(String line) {
        return line.isEmpty() ? 0 : run(line, line.charAt(0));
    }

    private static boolean word(String line, char c, String word) {
        int r = run(line, c);
        if (r < 3 || !line.startsWith(" " + word, r)) {
            return false;
        }
        int end = r + 1 + word.length();
        return end == line.length() || (end + 1 == line.length() && line.charAt(end) == '>');
    }

    private static int run(String line, char c) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == c) {
            i++;
        }
        return i;
    }
}
