package dev.agentls.edit;

import java.util.Arrays;

/** Line starts of a text whose lines all end in {@code \n}: one entry per line plus the text's length. */
final class LineIndex {

    private LineIndex() {}

    static int[] starts(CharSequence text) {
        int[] starts = new int[64];
        int n = 0;
        int pos = 0;
        int length = text.length();
        while (pos < length) {
            if (n + 1 >= starts.length) {
                starts = Arrays.copyOf(starts, starts.length * 2);
            }
            starts[n++] = pos;
            int nl = next(text, pos);
            pos = nl < 0 ? length : nl + 1;
        }
        starts[n++] = length;
        return Arrays.copyOf(starts, n);
    }

    /** The next {@code \n} at or after {@code from}, by the fastest search the text's type offers. */
    static int next(CharSequence text, int from) {
        if (text instanceof String s) {
            return s.indexOf('\n', from);
        }
        if (text instanceof StringBuilder sb) {
            return sb.indexOf("\n", from);
        }
        for (int i = from; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Splits {@code \n}-ended lines (a last line without one counts too) into their contents. */
    static String[] lines(String text) {
        int[] starts = starts(text);
        String[] lines = new String[starts.length - 1];
        for (int i = 0; i < lines.length; i++) {
            int end = starts[i + 1];
            if (end > starts[i] && text.charAt(end - 1) == '\n') {
                end--;
            }
            lines[i] = text.substring(starts[i], end);
        }
        return lines;
    }
}
