package dev.agentls.edit;

import java.nio.IntBuffer;

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
