package dev.agentls.edit;

import java.nio.IntBuffer;
import java.util.Objects;

/**
 * A text an edit applies to, with the starts of its lines when its owner already knows them: an open buffer's
 * version in the document store carries them, so an edit on it numbers its matches without counting line breaks
 * again. Without them the engine counts what it needs itself. Refuses line starts that visibly belong to another
 * text (first, last and sampled entries checked: cheap, so a call never pays a full check for a trusted index).
 */
public final class IndexedText {

    private final String text;
    private final IntBuffer lineStarts;
    private final boolean carriageReturns;
    private final IntBuffer lineHashes;

    private IndexedText(String text, IntBuffer lineStarts, boolean carriageReturns, IntBuffer lineHashes) {
        this.text = text;
        this.lineStarts = lineStarts;
        this.carriageReturns = carriageReturns;
        this.lineHashes = lineHashes;
    }

    /** A text whose lines the engine numbers itself. */
    public static IndexedText of(String text) {
        return new IndexedText(Objects.requireNonNull(text, "text"), null, false, null);
    }

    /**
     * A text with its line starts: one entry per line ({@code \n}-ended, a last line without a break counting too)
     * plus the text's length; {@code carriageReturns} says whether the text holds any {@code \r}.
     *
     * @throws IllegalArgumentException when the starts cannot be this text's, naming the entry that shows it
     */
    public static IndexedText withLineStarts(String text, IntBuffer lineStarts, boolean carriageReturns) {
        Objects.requireNonNull(text, "text");
        IntBuffer starts = lineStarts.duplicate().rewind();
        int n = starts.limit();
        if (n == 0 || starts.get(0) != 0) {
            throw new IllegalArgumentException("line starts must begin with 0, got " + (n == 0 ? "none" : starts.get(0)));
        }
        if (starts.get(n - 1) != text.length()) {
            throw new IllegalArgumentException("line starts end at " + starts.get(n - 1) + " but the text has "
                    + text.length() + " chars");
        }
        for (int k : new int[] {1, n / 2, n - 2}) {
            if (k >= 1 && k < n - 1) {
                int at = starts.get(k);
                if (at <= starts.get(k - 1) || at > text.length() || text.charAt(at - 1) != '\n') {
                    throw new IllegalArgumentException("line " + (k + 1) + " is said to start at offset " + at
                            + ", which does not follow a line break");
                }
            }
        }
        return new IndexedText(text, starts, carriageReturns, null);
    }

    /**
     * The same text with each line's hash: {@link String#hashCode()} of the line without its {@code \n}, one entry
     * per line. A document store keeps them per buffer version along with the starts; then the engine proves that a
     * block's match is the only one after the previous block by looking up lines instead of searching the text.
     *
     * @throws IllegalArgumentException when there are no line starts, or the count is not one per line, or a sampled
     *     line's hash is not its text's (first, middle and last lines checked)
     */
    public IndexedText withLineHashes(IntBuffer hashes) {
        if (lineStarts == null) {
            throw new IllegalArgumentException("line hashes need the line starts they belong to");
        }
        IntBuffer h = hashes.duplicate().rewind();
        int lines = lineStarts.limit() - 1;
        if (h.limit() != lines) {
            throw new IllegalArgumentException("the text has " + lines + " lines but " + h.limit() + " line hashes");
        }
        for (int line : new int[] {0, lines / 2, lines - 1}) {
            if (line >= 0 && line < lines) {
                int from = lineStarts.get(line);
                int to = lineStarts.get(line + 1);
                String content = text.substring(from, to > from && text.charAt(to - 1) == '\n' ? to - 1 : to);
                if (content.hashCode() != h.get(line)) {
                    throw new IllegalArgumentException("line " + (line + 1) + " hashes to " + content.hashCode()
                            + ", not to the " + h.get(line) + " given");
                }
            }
        }
        return new IndexedText(text, lineStarts, carriageReturns, h);
    }

    public String text() {
        return text;
    }

    /** The line starts as handed over, or null. */
    IntBuffer lineStarts() {
        return lineStarts;
    }

    /** The line hashes as handed over, or null. */
    IntBuffer lineHashes() {
        return lineHashes;
    }

    /** Whether the text is known to hold no {@code \r}: its owner said so along with its line starts. */
    boolean knownWithoutCarriageReturns() {
        return lineStarts != null && !carriageReturns;
    }
}
