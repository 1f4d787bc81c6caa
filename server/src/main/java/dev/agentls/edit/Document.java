package dev.agentls.edit;

import java.util.Arrays;

/**
 * The text an edit's blocks apply to, as it evolves block by block. Owns the matching view (line breaks normalised
 * to {@code \n}, and a final {@code \n} supplied when the file lacks one, so every line ends in one) and what is
 * needed to give the bytes back: each line's own break ({@code \r\n} or {@code \n}), the file's dominant break for
 * new lines, the final-newline state, and each line's line number in the ORIGINAL text for reports.
 */
final class Document {

    private String text;
    private int[] lineStarts;
    private boolean[] crlf;
    private int[] origin;
    private final boolean finalNewline;
    private final boolean dominantCrlf;

    private Document(String text, int[] lineStarts, boolean[] crlf, int[] origin, boolean finalNewline,
            boolean dominantCrlf) {
        this.text = text;
        this.lineStarts = lineStarts;
        this.crlf = crlf;
        this.origin = origin;
        this.finalNewline = finalNewline;
        this.dominantCrlf = dominantCrlf;
    }

    static Document of(String original) {
        boolean finalNewline = original.isEmpty() || original.charAt(original.length() - 1) == '\n';
        boolean anyCr = original.indexOf('\r') >= 0;
        String text = anyCr ? original : (finalNewline ? original : original + "\n");
        boolean[] crlf = null;
        boolean dominantCrlf = false;
        if (anyCr) {
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
            text = sb.toString();
            crlf = Arrays.copyOf(flags, lines);
            dominantCrlf = crlfCount > lfCount;
        }
        int[] starts = LineIndex.starts(text);
        int[] origin = new int[starts.length - 1];
        for (int i = 0; i < origin.length; i++) {
            origin[i] = i;
        }
        return new Document(text, starts, crlf, origin, finalNewline, dominantCrlf);
    }

    /** The matching view: {@code \n} line breaks, every line (the last included) ending in one. */
    String text() {
        return text;
    }

    int lineCount() {
        return lineStarts.length - 1;
    }

    int lineStart(int line) {
        return lineStarts[line];
    }

    /** The offset of the line's {@code \n}. */
    int lineEnd(int line) {
        return lineStarts[line + 1] - 1;
    }

    String line(int line) {
        return text.substring(lineStarts[line], lineStarts[line + 1] - 1);
    }

    /** The line holding {@code offset}; {@code lineCount()} for the end of the text. */
    int lineOf(int offset) {
        int i = Arrays.binarySearch(lineStarts, offset);
        if (i >= 0) {
            return i;
        }
        return -i - 2;
    }

    /** The 1-based line of the ORIGINAL text that {@code line} of this text stands for. */
    int originalLine(int line) {
        return origin[Math.min(line, origin.length - 1)] + 1;
    }

    /** Whether this line's break is {@code \r\n} in the bytes. */
    boolean crlf(int line) {
        return crlf != null && crlf[line];
    }

    boolean dominantCrlf() {
        return dominantCrlf;
    }

    /**
     * Replaces {@code [start, end)} of the matching view with {@code replacement} (\n breaks). Lines the splice
     * creates take the dominant break, except a last line that keeps the tail of an old line, which keeps that
     * line's break. Answers the end of the replacement in the new text.
     */
    int splice(int start, int end, String replacement) {
        int la = lineOf(start);
        int regionEnd = end;
        if (regionEnd < text.length() && (regionEnd == 0 || text.charAt(regionEnd - 1) != '\n'
                || (!replacement.isEmpty() && replacement.charAt(replacement.length() - 1) != '\n'))) {
            regionEnd = lineStarts[lineOf(regionEnd) + 1];
        } else if (regionEnd < text.length() && start > lineStarts[la] && replacement.isEmpty()) {
            regionEnd = lineStarts[lineOf(regionEnd) + 1];
        }
        int kEnd = regionEnd >= text.length() ? lineCount() : lineOf(regionEnd);
        boolean keepsTail = end < regionEnd;
        String segment = text.substring(lineStarts[la], start) + replacement + text.substring(end, regionEnd);
        if (!segment.isEmpty() && segment.charAt(segment.length() - 1) != '\n') {
            segment = segment + "\n";
        }
        int[] segStarts = LineIndex.starts(segment);
        int newLines = segStarts.length - 1;
        int oldLines = kEnd - la;
        int delta = segment.length() - (regionEnd - lineStarts[la]);
        int count = lineCount() - oldLines + newLines;

        int[] starts = new int[count + 1];
        System.arraycopy(lineStarts, 0, starts, 0, la);
        for (int i = 0; i < newLines; i++) {
            starts[la + i] = lineStarts[la] + segStarts[i];
        }
        for (int i = kEnd; i <= lineCount(); i++) {
            starts[la + newLines + (i - kEnd)] = lineStarts[i] + delta;
        }
        int[] newOrigin = new int[count];
        System.arraycopy(origin, 0, newOrigin, 0, la);
        int from = origin.length == 0 ? 0 : origin[Math.min(la, origin.length - 1)];
        Arrays.fill(newOrigin, la, la + newLines, from);
        System.arraycopy(origin, kEnd, newOrigin, la + newLines, lineCount() - kEnd);
        if (crlf != null) {
            boolean[] flags = new boolean[count];
            System.arraycopy(crlf, 0, flags, 0, la);
            Arrays.fill(flags, la, la + newLines, dominantCrlf);
            if (keepsTail && newLines > 0 && kEnd > 0) {
                flags[la + newLines - 1] = crlf[kEnd - 1];
            }
            System.arraycopy(crlf, kEnd, flags, la + newLines, lineCount() - kEnd);
            crlf = flags;
        }
        int replacementEnd = start + replacement.length();
        text = text.substring(0, lineStarts[la]) + segment + text.substring(regionEnd);
        lineStarts = starts;
        origin = newOrigin;
        return replacementEnd;
    }

    /** The bytes: each line with its own break, the final-newline state of the original kept. */
    String render() {
        String out;
        if (crlf == null) {
            out = text;
        } else {
            StringBuilder sb = new StringBuilder(text.length() + lineCount());
            for (int i = 0; i < lineCount(); i++) {
                sb.append(text, lineStarts[i], lineStarts[i + 1] - 1).append(crlf[i] ? "\r\n" : "\n");
            }
            out = sb.toString();
        }
        if (!finalNewline && out.endsWith("\n")) {
            out = out.substring(0, out.length() - (out.endsWith("\r\n") ? 2 : 1));
        }
        return out;
    }
}
