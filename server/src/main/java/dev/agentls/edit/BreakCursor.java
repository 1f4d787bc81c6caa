package dev.agentls.edit;

import java.util.function.IntBinaryOperator;

/**
 * The line of an offset in a text without a line index, found by counting line breaks from the last offset asked
 * about (or from the start, when that is nearer): the blocks of an edit ask about offsets in file order, so each
 * question counts only the breaks since the one before, and a one-block edit never indexes the whole file.
 */
final class BreakCursor {

    private int offset;
    private int line;

    /**
     * The 0-based line holding {@code target}, where {@code breaks} counts the line breaks in {@code [from, to)} of
     * the text; the cursor stays at {@code target}.
     */
    int lineOf(int target, IntBinaryOperator breaks) {
        if (target < offset && target < offset - target) {
            offset = 0;
            line = 0;
        }
        if (target >= offset) {
            line += breaks.applyAsInt(offset, target);
        } else {
            line -= breaks.applyAsInt(target, offset);
        }
        offset = target;
        return line;
    }

    /** Puts the cursor at {@code offset}, known to be on 0-based {@code line}. */
    void moveTo(int offset, int line) {
        this.offset = offset;
        this.line = line;
    }
}
