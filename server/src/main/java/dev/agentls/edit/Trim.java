package dev.agentls.edit;

/** Whitespace bounds and comparisons inside a text, without cutting substrings (the cascade's hot loops). */
final class Trim {

    private Trim() {}

    static int start(CharSequence t, int from, int to) {
        while (from < to && Character.isWhitespace(t.charAt(from))) {
            from++;
        }
        return from;
    }

    static int end(CharSequence t, int from, int to) {
        while (to > from && Character.isWhitespace(t.charAt(to - 1))) {
            to--;
        }
        return to;
    }

    /** Whether line {@code line} of the document, trimmed, equals {@code trimmed}. */
    static boolean lineEquals(Document doc, int line, String trimmed) {
        CharSequence t = doc.text();
        int a = doc.lineStart(line);
        int b = doc.lineEnd(line);
        int s = start(t, a, b);
        if (s == b) {
            return trimmed.isEmpty();
        }
        int e = end(t, s, b);
        return e - s == trimmed.length() && regionEquals(t, s, trimmed);
    }

    static boolean regionEquals(CharSequence t, int at, String s) {
        if (at + s.length() > t.length()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (t.charAt(at + i) != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The leading whitespace of a line. */
    static String indent(String line) {
        int i = 0;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            i++;
        }
        return line.substring(0, i);
    }
}
