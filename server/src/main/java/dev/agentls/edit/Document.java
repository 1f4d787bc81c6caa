package dev.agentls.edit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The text an edit's blocks apply to, as it evolves block by block. Owns the matching view (line breaks normalised
 * to {@code \n}, and a final {@code \n} supplied when the file lacks one, so every line ends in one) and what is
 * needed to give the bytes back: each line's own break ({@code \r\n} or {@code \n}), the file's dominant break for
 * new lines, the final-newline state, and the way back from a line to its line in the ORIGINAL text.
 *
 * <p>Cheap by construction, because the common edit is a few exact blocks in a large file: the line index is built
 * only when a line-based stage asks for it, line numbers of matches are counted from a cursor that follows the
 * blocks forward, and a splice moves the tail of one buffer instead of copying the text.
 */
final class Document {

    /** The text until the first splice; then {@link #edited} holds it and this is null. */
    private String text;
    private StringBuilder edited;
    private boolean[] crlf;
    private final boolean finalNewline;
    private final boolean dominantCrlf;
    private int[] lineStarts;
    private int cursorOffset;
    private int cursorLine;
    /** Per splice so far: its first line, the lines it replaced and the lines it wrote. */
    private final List<int[]> splices = new ArrayList<>();

    private Document(String text, boolean[] crlf, boolean finalNewline, boolean dominantCrlf) {
        this.text = text;
        this.crlf = crlf;
        this.finalNewline = finalNewline;
        this.dominantCrlf = dominantCrlf;
    }

    static Document of(String original) {
        boolean finalNewline = original.isEmpty() || original.charAt(original.length() - 1) == '\n';
        if (original.indexOf('\r') < 0) {
            return new Document(finalNewline ? original : original + "\n", null, finalNewline, false);
        }
        StringBuilder sb = new StringBuilder(original.length() + 1);
        int lines = 0;
        int crlfCount = 0;
        int lfCount = 0;
        boolean[] flags = new boolean[16];
        int start = 0;
        while (start < original.length()) {
            int nl = original.indexOf('\n', start);
            int end = nl < 0 ? original.length() : nl;
            boolean cr = nl >= 0 && end > start && original.charAt(end - 1) == '\r';
            sb.append(original, start, cr ? end - 1 : end).append('\n');
            if (lines == flags.length) {
                flags = Arrays.copyOf(flags, lines * 2);
            }
            flags[lines++] = cr;
            if (nl >= 0) {
                if (cr) {
                    crlfCount++;
                } else {
                    lfCount++;
                }
            }
            start = end + 1;
        }
        return new Document(sb.toString(), Arrays.copyOf(flags, lines), finalNewline, crlfCount > lfCount);
    }

    /** The matching view: {@code \n} line breaks, every line (the last included) ending in one. Read only. */
    CharSequence text() {
        return text != null ? text : edited;
    }

    int lineCount() {
        return index().length - 1;
    }

    int lineStart(int line) {
        return index()[line];
    }

    /** The offset of the line's {@code \n}. */
    int lineEnd(int line) {
        return index()[line + 1] - 1;
    }

    String line(int line) {
        int[] starts = index();
        return text().subSequence(starts[line], starts[line + 1] - 1).toString();
    }

    /** The line holding {@code offset} (the number of line breaks before it). */
    int lineOf(int offset) {
        if (lineStarts != null) {
            int i = Arrays.binarySearch(lineStarts, offset);
            return i >= 0 ? i : -i - 2;
        }
        if (offset < cursorOffset && offset < cursorOffset - offset) {
            cursorOffset = 0;
            cursorLine = 0;
        }
        if (offset >= cursorOffset) {
            cursorLine += count(cursorOffset, offset);
        } else {
            cursorLine -= count(offset, cursorOffset);
        }
        cursorOffset = offset;
        return cursorLine;
    }

    /** The 1-based line of the ORIGINAL text that {@code line} of this text stands for. */
    int originalLine(int line) {
        int l = line;
        for (int k = splices.size() - 1; k >= 0; k--) {
            int[] s = splices.get(k);
            if (l >= s[0] + s[2]) {
                l += s[1] - s[2];
            } else if (l >= s[0]) {
                l = s[0];
            }
        }
        return l + 1;
    }

    /** Whether this line's break is {@code \r\n} in the bytes. */
    boolean crlf(int line) {
        return crlf != null && line < crlf.length && crlf[line];
    }

    boolean dominantCrlf() {
        return dominantCrlf;
    }

    /**
     * Replaces {@code [start, end)} of the matching view with {@code replacement} ({@code \n} breaks). Lines the
     * splice writes take the dominant break, except a last line that keeps the tail of an old line, which keeps that
     * line's break. Answers the end of the replacement in the new text.
     */
    int splice(int start, int end, String replacement) {
        CharSequence text = text();
        String r = replacement;
        if (end == text.length() && !r.isEmpty() && r.charAt(r.length() - 1) != '\n') {
            r = r + "\n";
        }
        int la = lineOf(start);
        int lineStart = start;
        while (lineStart > 0 && text.charAt(lineStart - 1) != '\n') {
            lineStart--;
        }
        int regionEnd = end;
        boolean joinsNext = end < text.length() && (end == 0 || text.charAt(end - 1) != '\n'
                || (!r.isEmpty() && r.charAt(r.length() - 1) != '\n') || (r.isEmpty() && start > lineStart));
        if (joinsNext) {
            regionEnd = LineIndex.next(text, end) + 1;
        }
        int oldLines = count(lineStart, regionEnd);
        int removedBreaks = count(start, end);
        int addedBreaks = count(r);
        int newLines = oldLines - removedBreaks + addedBreaks;
        boolean keepsTail = end < regionEnd;
        if (crlf != null) {
            boolean[] flags = new boolean[crlf.length - oldLines + newLines];
            System.arraycopy(crlf, 0, flags, 0, la);
            Arrays.fill(flags, la, la + newLines, dominantCrlf);
            if (keepsTail && newLines > 0 && oldLines > 0) {
                flags[la + newLines - 1] = crlf[la + oldLines - 1];
            }
            System.arraycopy(crlf, la + oldLines, flags, la + newLines, crlf.length - la - oldLines);
            crlf = flags;
        }
        if (edited == null) {
            edited = new StringBuilder(text.length() + r.length() + 64).append(text, 0, start).append(r)
                    .append(text, end, text.length());
            this.text = null;
        } else {
            edited.replace(start, end, r);
        }
        splices.add(new int[] {la, oldLines, newLines});
        lineStarts = null;
        cursorOffset = start + r.length();
        cursorLine = la + addedBreaks;
        return start + r.length();
    }

    /** The bytes: each line with its own break, the final-newline state of the original kept. */
    String render() {
        String out;
        CharSequence text = text();
        if (crlf == null) {
            out = text.toString();
        } else {
            int[] starts = index();
            StringBuilder sb = new StringBuilder(text.length() + starts.length);
            for (int i = 0; i + 1 < starts.length; i++) {
                sb.append(text, starts[i], starts[i + 1] - 1).append(crlf[i] ? "\r\n" : "\n");
            }
            out = sb.toString();
        }
        if (!finalNewline && out.endsWith("\n")) {
            out = out.substring(0, out.length() - (out.endsWith("\r\n") ? 2 : 1));
        }
        return out;
    }

    private int[] index() {
        if (lineStarts == null) {
            lineStarts = LineIndex.starts(text());
        }
        return lineStarts;
    }

    /** Line breaks in {@code [from, to)}. */
    private int count(int from, int to) {
        if (text != null) {
            return LineBreaks.count(text, from, to);
        }
        CharSequence text = text();
        int n = 0;
        int q = LineIndex.next(text, from);
        while (q >= 0 && q < to) {
            n++;
            q = LineIndex.next(text, q + 1);
        }
        return n;
    }

    private static int count(String s) {
        int n = 0;
        int q = s.indexOf('\n');
        while (q >= 0) {
            n++;
            q = s.indexOf('\n', q + 1);
        }
        return n;
    }
}
