package dev.agentls.workspace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A file's bytes read as text in one pass when they are all ASCII (most source files): the pass that proves them
 * ASCII also finds where each line starts and whether a carriage return occurs, so neither the line index an edit
 * numbers its matches with nor the line-ending check scans the text again. ASCII bytes are their own UTF-8 decoding
 * and their own chars, so byte offsets are char offsets. Any byte of 0x80 or above (UTF-8 past ASCII) answers null:
 * the caller decodes those files the general way and their index is built when first asked for.
 */
record AsciiText(String text, int[] lineStarts, boolean carriageReturns) {

    /** Below this many bytes, eight at a time does not pay for itself (nor for loading the eight-byte view). */
    private static final int WORDWISE_FROM = 1 << 12;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long LOW_SEVEN = 0x7F7F7F7F7F7F7F7FL;
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long RETURNS = 0x0D0D0D0D0D0D0D0DL;

    /** In a holder, so a small file never pays for creating the view. */
    private static final class Words {
        static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    }

    /** The text of {@code bytes[from..]}, or null when a byte is not ASCII. */
    static AsciiText read(byte[] bytes, int from) {
        int length = bytes.length - from;
        int[] starts = new int[Math.max(64, length / 32)];
        int n = 1;
        boolean returns = false;
        int i = from;
        if (length >= WORDWISE_FROM) {
            for (; i + Long.BYTES <= bytes.length; i += Long.BYTES) {
                long w = (long) Words.LONGS.get(bytes, i);
                if ((w & HIGH_BITS) != 0) {
                    return null;
                }
                returns |= has(w ^ RETURNS) != 0;
                for (long found = has(w ^ NEWLINES); found != 0; found &= found - 1) {
                    if (n + 1 >= starts.length) {
                        starts = Arrays.copyOf(starts, starts.length * 2);
                    }
                    starts[n++] = i - from + (Long.numberOfTrailingZeros(found) >>> 3) + 1;
                }
            }
        }
        for (; i < bytes.length; i++) {
            byte b = bytes[i];
            if (b < 0) {
                return null;
            }
            returns |= b == '\r';
            if (b == '\n') {
                if (n + 1 >= starts.length) {
                    starts = Arrays.copyOf(starts, starts.length * 2);
                }
                starts[n++] = i - from + 1;
            }
        }
        // starts[n - 1] is the start of the line after the last break; it is a line only when text follows it.
        if (n > 1 && starts[n - 1] == length) {
            n--;
        }
        int[] lineStarts = Arrays.copyOf(starts, n + 1);
        lineStarts[n] = length;
        if (length == 0) {
            lineStarts = new int[] {0};
        }
        return new AsciiText(new String(bytes, from, length, StandardCharsets.ISO_8859_1), lineStarts, returns);
    }

    /** A byte's high bit set where that byte of {@code x} is zero, and nowhere else (no carries between bytes). */
    private static long has(long x) {
        return ~((((x & LOW_SEVEN) + LOW_SEVEN) | x) | LOW_SEVEN);
    }
}
