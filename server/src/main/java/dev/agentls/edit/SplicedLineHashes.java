package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Each line's hash, byte for byte and trimmed, of a {@link Document}'s text once blocks have spliced it, kept up to
 * date splice by splice. Blocks after the first look lines up here instead of searching the whole text: the exact
 * stage proving a SEARCH stands nowhere, the line-trimmed stage finding its pivot line, rule 7 finding where a
 * REPLACE already stands. Without it each of those scanned the whole text once per block, which was most of the time
 * of an edit of many re-indented blocks. Equal lines have equal hashes; callers compare the text of every hit.
 */
final class SplicedLineHashes {

    private int[] exact;
    private int[] trimmed;

    private SplicedLineHashes(int[] exact, int[] trimmed) {
        this.exact = exact;
        this.trimmed = trimmed;
    }

    /** The hashes of every line of {@code text}, whose line starts (plus its length) are {@code starts}. */
    static SplicedLineHashes of(CharSequence text, int[] starts) {
        int lines = starts.length - 1;
        int[] exact = new int[lines];
        int[] trimmed = new int[lines];
        for (int i = 0; i < lines; i++) {
            hashLine(text, starts[i], starts[i + 1] - 1, exact, trimmed, i);
        }
        return new SplicedLineHashes(exact, trimmed);
    }

    /**
     * After a splice that replaced {@code oldLines} lines from line {@code la} by {@code newLines} lines: those are
     * hashed anew from {@code text} and {@code starts} (both already after the splice), the rest move.
     */
    void spliced(CharSequence text, int[] starts, int la, int oldLines, int newLines) {
        int count = exact.length - oldLines + newLines;
        int[] e = new int[count];
        int[] t = new int[count];
        System.arraycopy(exact, 0, e, 0, la);
        System.arraycopy(trimmed, 0, t, 0, la);
        System.arraycopy(exact, la + oldLines, e, la + newLines, exact.length - la - oldLines);
        System.arraycopy(trimmed, la + oldLines, t, la + newLines, trimmed.length - la - oldLines);
        for (int i = la; i < la + newLines; i++) {
            hashLine(text, starts[i], starts[i + 1] - 1, e, t, i);
        }
        exact = e;
        trimmed = t;
    }

    int lineCount() {
        return exact.length;
    }

    /** The lines, in order, whose trimmed text hashes as {@code line} (already trimmed) does. */
    List<Integer> trimmedHits(String line) {
        return hits(trimmed, line.hashCode(), 0);
    }

    /** The lines at or after {@code from}, in order, whose text hashes as {@code line} does. */
    List<Integer> exactHits(String line, int from) {
        return hits(exact, line.hashCode(), from);
    }

    private static List<Integer> hits(int[] hashes, int hash, int from) {
        List<Integer> out = new ArrayList<>();
        for (int i = from; i < hashes.length; i++) {
            if (hashes[i] == hash) {
                out.add(i);
            }
        }
        return out;
    }

    /** {@link String#hashCode()} of {@code [from, to)} and of the same range without leading and trailing whitespace. */
    private static void hashLine(CharSequence text, int from, int to, int[] exact, int[] trimmed, int i) {
        int s = Trim.start(text, from, to);
        exact[i] = hash(text, from, to);
        trimmed[i] = hash(text, s, Trim.end(text, s, to));
    }

    /**
     * {@link String#hashCode()} of {@code [from, to)} without making it a string, four chars a step
     * ({@code h * 31^4 + a * 31^3 + b * 31^2 + c * 31 + d} is the same value mod 2^32): the chain of multiplies each
     * step waits for is a quarter as long as one char a step (the document store hashes its buffers the same way).
     */
    static int hash(CharSequence text, int from, int to) {
        int h = 0;
        int j = from;
        for (; j + 3 < to; j += 4) {
            h = 923_521 * h + 29_791 * text.charAt(j) + 961 * text.charAt(j + 1) + 31 * text.charAt(j + 2)
                    + text.charAt(j + 3);
        }
        for (; j < to; j++) {
            h = 31 * h + text.charAt(j);
        }
        return h;
    }
}
