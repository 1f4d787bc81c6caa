package dev.agentls.edit;

import java.nio.IntBuffer;
import java.util.Arrays;

/**
 * Each line's hash ({@link String#hashCode()} of the line without its break) of a text whose line starts are known.
 * With it, finding where a SEARCH's line stands is a scan of ints instead of a search of the text. The exact stage
 * needs that for every block after the first: rule 6 takes the one whole-line occurrence after the previous block
 * only when it is the only one there, which otherwise means searching the rest of the text block after block. Equal
 * lines have equal hashes; unequal lines may share one (the caller compares the text of every hit).
 *
 * <p>The hashes a document store kept for an open buffer's version are used as given. Without them (a file read from
 * disk) a line is hashed here only when a look-up meets it with the length of the line looked up, and then once: the
 * length comes free from the line starts, and hashing every line of the file up front cost more than twenty exact
 * blocks of an edit on it (a multiply per char, each waiting for the one before). Lines of one length are usually a
 * small part of a file; a file whose lines all have one length costs what hashing it all would.
 */
final class LineFingerprints {

    /** The hashes as given by a document store, or null when they are made here. */
    private final IntBuffer given;
    /** The hashes made so far (an entry counts only where {@link #made} says so), or null when they were given. */
    private final int[] hashes;
    /** The text whose lines are hashed on demand, or null when every hash was given. */
    private final String text;
    /**
     * Its line starts plus its length, copied once into an array: the look-up reads two per line of the rest of the
     * text, block after block, and a buffer's checked reads cost several times an array's there.
     */
    private final int[] starts;
    private final boolean[] made;
    /**
     * The lines grouped by length (a counting sort, one pass): the lines of length {@code L} (break included) are
     * {@code byLength[firstOfLength[L]] ..} up to {@code firstOfLength[L + 1]}, in file order. A look-up then visits
     * only the lines of its own length after its start, instead of reading the length of every later line block after
     * block (twenty blocks on a 10,000-line file read 100,000 lengths). Null when every hash was given, or when a line
     * is so long against the line count that the table would cost more than the scan it saves.
     */
    private final int[] byLength;
    private final int[] firstOfLength;

    private LineFingerprints(IntBuffer given, String text, int[] starts) {
        this.given = given;
        this.text = text;
        this.starts = starts;
        this.hashes = text == null ? null : new int[starts.length - 1];
        this.made = text == null ? null : new boolean[starts.length - 1];
        int[][] grouped = text == null ? null : groupByLength(starts);
        this.byLength = grouped == null ? null : grouped[0];
        this.firstOfLength = grouped == null ? null : grouped[1];
    }

    /** {byLength, firstOfLength} for the lines between {@code starts}, or null when the longest line is too long. */
    private static int[][] groupByLength(int[] starts) {
        int lines = starts.length - 1;
        int longest = 0;
        for (int i = 0; i < lines; i++) {
            longest = Math.max(longest, starts[i + 1] - starts[i]);
        }
        if (longest > 4 * lines + 4096) {
            return null;
        }
        int[] first = new int[longest + 2];
        for (int i = 0; i < lines; i++) {
            first[starts[i + 1] - starts[i] + 1]++;
        }
        for (int l = 1; l < first.length; l++) {
            first[l] += first[l - 1];
        }
        int[] next = first.clone();
        int[] order = new int[lines];
        for (int i = 0; i < lines; i++) {
            order[next[starts[i + 1] - starts[i]]++] = i;
        }
        return new int[][] {order, first};
    }

    /** The hashes a document store kept for the text's version. */
    static LineFingerprints given(IntBuffer hashes) {
        return new LineFingerprints(hashes, null, null);
    }

    /** The hashes of {@code base}'s lines (all ending in {@code \n}), each made when a look-up first needs it. */
    static LineFingerprints onDemand(BaseText base) {
        return new LineFingerprints(null, base.text, base.lineStartsArray());
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
        int[] out = new int[3];
        int n = 0;
        for (int i = keys.next(lines[k], line + k); i >= 0 && n < out.length; i = keys.next(lines[k], i + 1)) {
            int q = base.lineStart(i - k);
            if (q + s.length() <= base.text.length() && base.text.regionMatches(q, s, 0, s.length())) {
                out[n++] = q;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The first line at or after {@code from} whose hash is that of {@code line}, or -1. */
    int next(String line, int from) {
        int hash = line.hashCode();
        if (text == null) {
            IntBuffer h = given;
            int n = h.limit();
            for (int i = from; i < n; i++) {
                if (h.get(i) == hash) {
                    return i;
                }
            }
            return -1;
        }
        int n = hashes.length;
        if (from >= n) {
            return -1;
        }
        // A line's length is the distance between its start and the next line's, less its break.
        int length = line.length() + 1;
        int[] s = starts;
        if (byLength != null) {
            if (length + 1 >= firstOfLength.length) {
                return -1;
            }
            int end = firstOfLength[length + 1];
            for (int j = firstAtOrAfter(firstOfLength[length], end, from); j < end; j++) {
                if (hashOf(byLength[j]) == hash) {
                    return byLength[j];
                }
            }
            return -1;
        }
        for (int i = from; i < n; i++) {
            if (s[i + 1] - s[i] == length && hashOf(i) == hash) {
                return i;
            }
        }
        return -1;
    }

    /** Line {@code i}'s hash, made the first time it is asked for (a text whose hashes were not given). */
    private int hashOf(int i) {
        if (!made[i]) {
            hashes[i] = SplicedLineHashes.hash(text, starts[i], starts[i + 1] - 1);
            made[i] = true;
        }
        return hashes[i];
    }

    /** The first position in {@code byLength[lo..hi)} (one length's lines, in file order) holding a line >= {@code from}. */
    private int firstAtOrAfter(int lo, int hi, int from) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (byLength[mid] < from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
