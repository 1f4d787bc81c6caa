package dev.agentls.edit;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Counts {@code \n} in a range of a text. Reporting a match's line numbers means counting the breaks before it, and
 * in a large file that count, not the search, is the cost of an exact edit: one JDK {@code indexOf} per line spends
 * most of its time starting up on short lines. Long ranges are counted eight bytes at a time over a one-byte-per-char
 * copy of the text instead, which is about twice as fast including the copy.
 */
final class LineBreaks {

    /** Below this many chars the copy does not pay for itself. */
    static final int WORDWISE_FROM = 1 << 15;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long LOW_SEVEN = 0x7F7F7F7F7F7F7F7FL;

    private LineBreaks() {}

    /** The number of {@code \n} in {@code [from, to)} of {@code text}. */
    static int count(String text, int from, int to) {
        if (to - from >= WORDWISE_FROM && 2L * (to - from) >= text.length()) {
            // ISO-8859-1 keeps every char below 256 as itself and turns every other one into '?', so a 0x0A byte is
            // exactly a '\n' and offsets agree, unless a surrogate pair became one '?': then the lengths differ.
            byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
            if (bytes.length == text.length()) {
                return count(bytes, from, to);
            }
        }
        int n = 0;
        for (int q = text.indexOf('\n', from); q >= 0 && q < to; q = text.indexOf('\n', q + 1)) {
            n++;
        }
        return n;
    }

    /** Eight bytes a step: a byte is {@code \n} exactly when it XORs to zero, found without carries between bytes. */
    private static int count(byte[] bytes, int from, int to) {
        int n = 0;
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long x = (long) LONGS.get(bytes, i) ^ NEWLINES;
            long nonZeroHigh = ((x & LOW_SEVEN) + LOW_SEVEN) | x;
            n += Long.bitCount(~(nonZeroHigh | LOW_SEVEN));
        }
        for (; i < to; i++) {
            if (bytes[i] == '\n') {
                n++;
            }
        }
        return n;
    }

    /**
     * A text with {@code \r\n} breaks made {@code \n}, a final {@code \n} supplied, each line's own break
     * ({@code crlf[i]}) and whether {@code \r\n} breaks outnumber {@code \n} ones.
     */
    record Normalised(String text, boolean[] crlf, boolean dominantCrlf) {}

    static Normalised normalised(String original) {
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
        return new Normalised(sb.toString(), Arrays.copyOf(flags, lines), crlfCount > lfCount);
    }
}
