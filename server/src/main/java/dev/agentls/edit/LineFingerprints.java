package dev.agentls.edit;

import java.nio.IntBuffer;
import java.util.Arrays;

/**
 * Each line's hash ({@link String#hashCode()} of the line without its break) of a text whose line starts are known.
 * With it, finding where a SEARCH's line stands is a scan of ints instead of a search of the text. The exact stage
 * needs that for every block after the first: rule 6 takes the one whole-line occurrence after the previous block
 * only when it is the only one there, which otherwise means searching the rest of the text block after block. Equal
 * lines have equal hashes; unequal lines may share one (the caller compares the text).
 */
final class LineFingerprints {

    private final IntBuffer hashes;

    private LineFingerprints(IntBuffer hashes) {
        this.hashes = hashes;
    }

    /** The hashes a document store kept for the text's version. */
    static LineFingerprints given(IntBuffer hashes) {
        return new LineFingerprints(hashes);
    }

    /** Hashes of every line of {@code base}, whose lines all end in {@code \n}, computed now. */
    static LineFingerprints of(BaseText base) {
        int lines = base.lineCount();
        int[] out = new int[lines];
        String text = base.text;
        for (int i = 0; i < lines; i++) {
            int h = 0;
            for (int j = base.lineStart(i), end = base.lineStart(i + 1) - 1; j < end; j++) {
                h = 31 * h + text.charAt(j);
            }
            out[i] = h;
        }
        return new LineFingerprints(IntBuffer.wrap(out));
    }

    /**
     * Where {@code search} stands in {@code base} at line starts at or after offset {@code from}: up to three offsets
     * (more are never needed to tell "exactly one"), or null when the SEARCH has no complete line to look up. The
     * longest complete line is looked up: short ones ({@code } else {}) stand in a file everywhere.
     */
    static int[] occurrences(BaseText base, SearchText search, int from) {
        String s = search.text();
        String[] lines = search.lines();
        int complete = !s.isEmpty() && s.charAt(s.length() - 1) == '\n' ? lines.length : lines.length - 1;
        if (complete < 1) {
            return null;
        }
        int k = 0;
        for (int i = 1; i < complete; i++) {
            if (lines[i].length() > lines[k].length()) {
                k = i;
            }
        }
        int line = base.breaksBefore(from);
        if (base.lineStart(line) < from) {
            line++;
        }
        LineFingerprints keys = base.fingerprints();
        int hash = lines[k].hashCode();
        int[] out = new int[3];
        int n = 0;
        for (int i = keys.next(hash, line + k); i >= 0 && n < out.length; i = keys.next(hash, i + 1)) {
            int q = base.lineStart(i - k);
            if (q + s.length() <= base.text.length() && base.text.regionMatches(q, s, 0, s.length())) {
                out[n++] = q;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The first line at or after {@code from} whose hash is {@code hash}, or -1. */
    int next(int hash, int from) {
        IntBuffer h = hashes;
        for (int i = from, n = h.limit(); i < n; i++) {
            if (h.get(i) == hash) {
                return i;
            }
        }
        return -1;
    }
}
