package dev.agentls.workspace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A file's UTF-8 bytes read as text in one pass that also finds where each line starts (in chars) and whether a
 * carriage return occurs, so neither the line index an edit numbers its matches with nor the line-ending check scans
 * the text again. ASCII runs go eight bytes a step (most source files are all ASCII: their bytes are their chars and
 * byte offsets are char offsets); from the first byte past ASCII on, the rest is decoded byte by byte, a four-byte
 * sequence becoming a surrogate pair (two chars, so later starts move by two). Anything that is not well-formed UTF-8
 * as the JDK's strict decoder sees it (a stray continuation byte, an overlong form, an encoded surrogate, a code point
 * past U+10FFFF, a sequence cut off by the end) answers null: the caller decodes those bytes the general way, which
 * refuses them naming the byte.
 */
record ScannedText(String text, int[] lineStarts, boolean carriageReturns) {

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

    /** The starts found so far, growing as lines are found. */
    private static final class Starts {
        int[] at;
        int n = 1;

        Starts(int capacity) {
            at = new int[capacity];
        }

        void add(int start) {
            if (n + 1 >= at.length) {
                at = Arrays.copyOf(at, at.length * 2);
            }
            at[n++] = start;
        }

        /** One entry per line plus the text's length; a break at the very end starts no line. */
        int[] finish(int length) {
            if (length == 0) {
                return new int[] {0};
            }
            int count = n > 1 && at[n - 1] == length ? n - 1 : n;
            int[] out = Arrays.copyOf(at, count + 1);
            out[count] = length;
            return out;
        }
    }

    /** The text of {@code bytes[from..]}, or null when they are not well-formed UTF-8. */
    static ScannedText read(byte[] bytes, int from) {
        int length = bytes.length - from;
        Starts starts = new Starts(Math.max(64, length / 32));
        boolean returns = false;
        int i = from;
        if (length >= WORDWISE_FROM) {
            for (; i + Long.BYTES <= bytes.length; i += Long.BYTES) {
                long w = (long) Words.LONGS.get(bytes, i);
                if ((w & HIGH_BITS) != 0) {
                    break;
                }
                returns |= has(w ^ RETURNS) != 0;
                for (long found = has(w ^ NEWLINES); found != 0; found &= found - 1) {
                    starts.add(i - from + (Long.numberOfTrailingZeros(found) >>> 3) + 1);
                }
            }
        }
        for (; i < bytes.length; i++) {
            byte b = bytes[i];
            if (b < 0) {
                return decodeRest(bytes, from, i, starts, returns);
            }
            returns |= b == '\r';
            if (b == '\n') {
                starts.add(i - from + 1);
            }
        }
        return new ScannedText(new String(bytes, from, length, StandardCharsets.ISO_8859_1), starts.finish(length),
                returns);
    }

    /**
     * From {@code at}, the first byte past ASCII, on: each char decoded as it is read, line starts counted in chars.
     * Everything before {@code at} was ASCII, so it is copied as it is and its starts stand.
     */
    private static ScannedText decodeRest(byte[] bytes, int from, int at, Starts starts, boolean returnsBefore) {
        char[] out = new char[bytes.length - from];
        int n = 0;
        for (int i = from; i < at; i++) {
            out[n++] = (char) bytes[i];
        }
        boolean returns = returnsBefore;
        int i = at;
        while (i < bytes.length) {
            int b = bytes[i];
            if (b >= 0) {
                out[n++] = (char) b;
                i++;
                if (b == '\n') {
                    starts.add(n);
                } else if (b == '\r') {
                    returns = true;
                }
                continue;
            }
            int lead = b & 0xFF;
            if (lead >= 0xC2 && lead <= 0xDF) {
                if (i + 1 >= bytes.length || !continuation(bytes[i + 1])) {
                    return null;
                }
                out[n++] = (char) (((lead & 0x1F) << 6) | (bytes[i + 1] & 0x3F));
                i += 2;
            } else if (lead >= 0xE0 && lead <= 0xEF) {
                if (i + 2 >= bytes.length || !continuation(bytes[i + 2])) {
                    return null;
                }
                int second = bytes[i + 1] & 0xFF;
                // E0 needs A0-BF (else overlong), ED needs 80-9F (else a surrogate), the rest 80-BF.
                int low = lead == 0xE0 ? 0xA0 : 0x80;
                int high = lead == 0xED ? 0x9F : 0xBF;
                if (second < low || second > high) {
                    return null;
                }
                out[n++] = (char) (((lead & 0x0F) << 12) | ((second & 0x3F) << 6) | (bytes[i + 2] & 0x3F));
                i += 3;
            } else if (lead >= 0xF0 && lead <= 0xF4) {
                if (i + 3 >= bytes.length || !continuation(bytes[i + 2]) || !continuation(bytes[i + 3])) {
                    return null;
                }
                int second = bytes[i + 1] & 0xFF;
                // F0 needs 90-BF (else overlong), F4 needs 80-8F (else past U+10FFFF), the rest 80-BF.
                int low = lead == 0xF0 ? 0x90 : 0x80;
                int high = lead == 0xF4 ? 0x8F : 0xBF;
                if (second < low || second > high) {
                    return null;
                }
                int codePoint = ((lead & 0x07) << 18) | ((second & 0x3F) << 12) | ((bytes[i + 2] & 0x3F) << 6)
                        | (bytes[i + 3] & 0x3F);
                out[n++] = Character.highSurrogate(codePoint);
                out[n++] = Character.lowSurrogate(codePoint);
                i += 4;
            } else {
                return null;
            }
        }
        return new ScannedText(new String(out, 0, n), starts.finish(n), returns);
    }

    private static boolean continuation(byte b) {
        return (b & 0xC0) == 0x80;
    }

    /** A byte's high bit set where that byte of {@code x} is zero, and nowhere else (no carries between bytes). */
    private static long has(long x) {
        return ~((((x & LOW_SEVEN) + LOW_SEVEN) | x) | LOW_SEVEN);
    }
}
