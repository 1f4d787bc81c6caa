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

    /**
     * The line starts after a splice, from those before it: lines before the splice stay, the spliced region's lines
     * start at {@code lineStart} and after each break of the replacement, later lines move by the length change.
     * Null (build anew when asked) if the count disagrees, which would be a bug, never a wrong index.
     */
    static int[] shifted(int[] old, int la, int oldLines, int newLines, int lineStart, int start, String r,
            int newRegionEnd) {
        int[] out = new int[old.length - oldLines + newLines];
        System.arraycopy(old, 0, out, 0, la);
        int k = la;
        if (newRegionEnd > lineStart) {
            out[k++] = lineStart;
        }
        for (int q = r.indexOf('\n'); q >= 0 && start + q + 1 < newRegionEnd; q = r.indexOf('\n', q + 1)) {
            if (k >= out.length) {
                return null;
            }
            out[k++] = start + q + 1;
        }
        int following = old.length - la - oldLines;
        if (k + following != out.length) {
            return null;
        }
        int shift = newRegionEnd - old[la + oldLines];
        for (int i = la + oldLines; i < old.length; i++) {
            out[k++] = old[i] + shift;
        }
        return out;
    }
}
