package dev.agentls.edit;

import java.nio.IntBuffer;
import java.util.Arrays;
import java.util.function.IntBinaryOperator;

/**
 * The matching view of an edit's ORIGINAL text ({@code \n} breaks, every line ending in one) and the way to number
 * its lines: the line starts its owner handed over (a document store keeps them per buffer version), else an index
 * built when a line-based stage first asks, else a cursor that counts breaks forward from the last question, which
 * is all an exact edit needs. Never changes: {@link Document} keeps the evolving text around it.
 */
final class BaseText {

    final String text;
    /** Line starts plus the text's length, as handed over; never written. Null when none was given. */
    private final IntBuffer given;
    private int[] built;
    private final BreakCursor cursor = new BreakCursor();
    private final IntBinaryOperator breaksIn;
    private LineFingerprints fingerprints;

    /** Each line's {@link String#hashCode()} without its break, as handed over with {@link #given}; else null. */
    private final IntBuffer givenHashes;

    BaseText(String text, IntBuffer given) {
        this(text, given, null);
    }

    BaseText(String text, IntBuffer given, IntBuffer givenHashes) {
        this.text = text;
        this.breaksIn = (from, to) -> LineBreaks.count(text, from, to);
        this.given = given;
        this.givenHashes = given == null ? null : givenHashes;
    }

    boolean indexed() {
        return given != null || built != null;
    }

    /**
     * Each line's hash: the ones handed over with the starts, else computed on first use (only for a text whose line
     * starts are known, {@link #indexed()}).
     */
    LineFingerprints fingerprints() {
        if (fingerprints == null) {
            fingerprints = givenHashes != null ? LineFingerprints.given(givenHashes) : LineFingerprints.onDemand(this);
        }
        return fingerprints;
    }

    int lineCount() {
        return given != null ? given.limit() - 1 : index().length - 1;
    }

    int lineStart(int line) {
        return given != null ? given.get(line) : index()[line];
    }

    /**
     * The line starts plus the text's length as an array, for a caller that reads them in a tight loop: the handed-over
     * ones copied in bulk (a buffer's checked reads, two per line, cost several times an array's there), else the index.
     * The caller must not write it.
     */
    int[] lineStartsArray() {
        if (given == null) {
            return index();
        }
        int[] copy = new int[given.limit()];
        given.duplicate().rewind().get(copy);
        return copy;
    }

    /** The number of {@code \n} before {@code offset}: the 0-based line holding it. */
    int breaksBefore(int offset) {
        if (given != null) {
            return floor(given, offset);
        }
        if (built != null) {
            int i = Arrays.binarySearch(built, offset);
            return i >= 0 ? i : -i - 2;
        }
        return cursor.lineOf(offset, breaksIn);
    }

    /** Line breaks in {@code [from, to)}; the cursor ends at {@code to}, where the next question usually starts. */
    int breaks(int from, int to) {
        int before = breaksBefore(from);
        return breaksBefore(to) - before;
    }

    private int[] index() {
        if (built == null) {
            built = LineIndex.starts(text);
        }
        return built;
    }

    /** The last entry at or below {@code key} in the ascending {@code starts}. */
    private static int floor(IntBuffer starts, int key) {
        int lo = 0;
        int hi = starts.limit() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int v = starts.get(mid);
            if (v < key) {
                lo = mid + 1;
            } else if (v > key) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return lo - 1;
    }
}
