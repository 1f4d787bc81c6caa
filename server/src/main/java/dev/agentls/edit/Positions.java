package dev.agentls.edit;

import java.util.Arrays;

/** Offsets to LSP positions and back for one text: lines end at {@code \r\n}, {@code \n} or a lone {@code \r}. */
final class Positions {

    private final String text;
    private final int[] starts;

    Positions(String text) {
        this.text = text;
        int[] s = new int[16];
        int n = 0;
        s[n++] = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean brk = c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'));
            if (brk) {
                if (n == s.length) {
                    s = Arrays.copyOf(s, n * 2);
                }
                s[n++] = i + 1;
            }
        }
        this.starts = Arrays.copyOf(s, n);
    }

    /** {line, character} of an offset. */
    int[] position(int offset) {
        int i = Arrays.binarySearch(starts, offset);
        int line = i >= 0 ? i : -i - 2;
        return new int[] {line, offset - starts[line]};
    }

    /** The offset of a position; a character past the line's end means the line's end (before its break). */
    int offset(int line, int character) {
        if (line >= starts.length) {
            return text.length();
        }
        int start = starts[line];
        int next = line + 1 < starts.length ? starts[line + 1] : text.length();
        int contentEnd = next;
        if (line + 1 < starts.length) {
            contentEnd = next - 1;
            if (contentEnd > start && text.charAt(contentEnd) == '\n' && text.charAt(contentEnd - 1) == '\r') {
                contentEnd--;
            }
        }
        return start + Math.min(character, contentEnd - start);
    }
}
