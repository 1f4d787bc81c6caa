package dev.agentls.edit;

/**
 * Offsets to LSP positions and back for one text: lines end at {@code \r\n}, {@code \n} or a lone {@code \r}.
 * Line breaks are counted lazily from a cursor, so asking for positions in increasing order (as the edits come)
 * costs one pass up to the last one asked for, by the JDK's vectorised character search.
 */
final class Positions {

    private final String text;
    private final boolean anyCr;
    private int cursorOffset;
    private int cursorLine;
    private int lineCursor;
    private int lineCursorStart;

    Positions(String text) {
        this.text = text;
        this.anyCr = text.indexOf('\r') >= 0;
    }

    /** {line, character} of an offset. */
    int[] position(int offset) {
        if (offset < cursorOffset) {
            cursorOffset = 0;
            cursorLine = 0;
        }
        while (true) {
            int brk = nextBreakEnd(cursorOffset);
            if (brk < 0 || brk > offset) {
                break;
            }
            cursorLine++;
            cursorOffset = brk;
        }
        return new int[] {cursorLine, offset - cursorOffset};
    }

    /** The offset of a position; a character past the line's end means the line's end (before its break). */
    int offset(int line, int character) {
        if (line < lineCursor) {
            lineCursor = 0;
            lineCursorStart = 0;
        }
        while (lineCursor < line) {
            int next = nextBreakEnd(lineCursorStart);
            if (next < 0) {
                return text.length();
            }
            lineCursor++;
            lineCursorStart = next;
        }
        int start = lineCursorStart;
        int end = nextBreakEnd(start);
        int contentEnd = end < 0 ? text.length() : end - (end >= 2 && text.charAt(end - 2) == '\r'
                && text.charAt(end - 1) == '\n' ? 2 : 1);
        return start + Math.min(character, contentEnd - start);
    }

    /** The offset just after the first line break at or after {@code from}, or -1 when none follows. */
    private int nextBreakEnd(int from) {
        int nl = text.indexOf('\n', from);
        if (!anyCr) {
            return nl < 0 ? -1 : nl + 1;
        }
        int cr = text.indexOf('\r', from);
        if (cr >= 0 && (nl < 0 || cr < nl)) {
            return cr + 1 < text.length() && text.charAt(cr + 1) == '\n' ? cr + 2 : cr + 1;
        }
        return nl < 0 ? -1 : nl + 1;
    }
}
