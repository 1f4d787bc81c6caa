package dev.agentls.workspace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Where each line of one text starts, and whether the text holds a carriage return. The document store builds one
 * per buffer version as the version arrives, so a tool that numbers lines or an edit that reports where it matched
 * does not count the line breaks of a large buffer again on every call. A text read from disk gets one built on
 * first use, unless its reader found the line starts while reading it ({@link #scanned}). Lines end at
 * {@code \n} ({@code \r\n} included: the {@code \r} stays at the end of its line); a last line without a break
 * counts as a line.
 *
 * <p>Along with the starts it keeps each line's hash ({@link String#hashCode()} of the line without its {@code \n}),
 * so an edit that must prove a SEARCH stands only once after its previous block (EDIT-SEMANTICS rule 6) looks its
 * lines up instead of searching the rest of a large buffer once per block.
 *
 * <p>The starts and hashes are {@link #starts() handed out} as read-only views, never as the arrays, so no caller
 * can change what later callers of the same version see.
 */
public final class LineStarts {

    /** Below this many chars the one-byte copy does not pay for itself. */
    private static final int WORDWISE_FROM = 1 << 12;
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long LOW_SEVEN = 0x7F7F7F7F7F7F7F7FL;

    /**
     * The eight-byte view, in a holder so the class loads it only for a large text: creating a VarHandle costs
     * milliseconds on a cold JVM, and the store builds starts on the editor's reader thread for every buffer version.
     */
    private static final class Words {
        static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    }

    private final String text;
    /** One entry per line plus the text's length; null until first asked for, when built lazily. */
    private volatile int[] starts;
    /**
     * One entry per line: written before {@link #starts} is published when both are built together; for starts the
     * file reader found ({@link #scanned}), hashed when first asked for.
     */
    private volatile int[] hashes;
    private volatile boolean carriageReturns;

    private LineStarts(String text, int[] starts, int[] hashes, boolean carriageReturns) {
        this.text = text;
        this.hashes = hashes;
        this.starts = starts;
        this.carriageReturns = carriageReturns;
    }

    /** The index of {@code text}, built now. */
    public static LineStarts of(String text) {
        int[] starts = scan(text);
        return new LineStarts(text, starts, hashes(text, starts), text.indexOf('\r') >= 0);
    }

    /**
     * The index of {@code text} from starts found while it was read (one entry per line plus its length, as
     * {@link #starts()} gives them), so nothing scans the text again; its line hashes are made when first asked for.
     * The reader that scanned the bytes is trusted for every entry; the first and last are checked.
     *
     * @throws IllegalArgumentException when the starts do not begin at 0 and end at the text's length
     */
    static LineStarts scanned(String text, int[] starts, boolean carriageReturns) {
        if (starts.length == 0 || starts[0] != 0 || starts[starts.length - 1] != text.length()) {
            throw new IllegalArgumentException("line starts must run from 0 to the text's length " + text.length());
        }
        return new LineStarts(text, starts, null, carriageReturns);
    }

    /** The index of {@code text}, built when first asked for (by any thread; the work is then done at most once). */
    public static LineStarts lazy(String text) {
        return new LineStarts(text, null, null, false);
    }

    /** Whether this is the index of exactly this text object (not merely an equal one). */
    public boolean isOf(String text) {
        return this.text == text;
    }

    /** Whether the starts are already there (built as the buffer version arrived, or asked for before). */
    public boolean isBuilt() {
        return starts != null;
    }

    /** The number of lines: 0 for an empty text. */
    public int lineCount() {
        return built().length - 1;
    }

    /** The offset where 0-based {@code line} starts; {@code lineCount()} gives the text's length. */
    public int start(int line) {
        return built()[line];
    }

    /** Whether the text holds a {@code \r} anywhere. */
    public boolean carriageReturns() {
        built();
        return carriageReturns;
    }

    /** Every line's start plus the text's length, read-only and without a copy. */
    public IntBuffer starts() {
        return IntBuffer.wrap(built()).asReadOnlyBuffer();
    }

    /**
     * Every line's hash, read-only and without a copy: {@link String#hashCode()} of the line's text without its
     * {@code \n} (a {@code \r} before it stays in the line, as in {@link #starts()}).
     */
    public IntBuffer lineHashes() {
        int[] s = built();
        int[] h = hashes;
        if (h == null) {
            synchronized (this) {
                h = hashes;
                if (h == null) {
                    h = hashes(text, s);
                    hashes = h;
                }
            }
        }
        return IntBuffer.wrap(h).asReadOnlyBuffer();
    }

    /**
     * Whether the line hashes are already there: always with starts built here; for starts the file reader found,
     * only once someone asked for them.
     */
    public boolean hasHashes() {
        return starts != null && hashes != null;
    }

    private int[] built() {
        int[] s = starts;
        if (s == null) {
            synchronized (this) {
                s = starts;
                if (s == null) {
                    carriageReturns = text.indexOf('\r') >= 0;
                    s = scan(text);
                    hashes = hashes(text, s);
                    starts = s;
                }
            }
        }
        return s;
    }

    /**
     * {@link String#hashCode()} of each line without its break, without making the line a string: four chars a step
     * ({@code h * 31^4 + a * 31^3 + b * 31^2 + c * 31 + d} is the same value mod 2^32), so the chain of multiplies
     * each step waits for is a quarter as long.
     */
    private static int[] hashes(String text, int[] starts) {
        int lines = starts.length - 1;
        int[] out = new int[lines];
        for (int i = 0; i < lines; i++) {
            int from = starts[i];
            int to = starts[i + 1];
            if (to > from && text.charAt(to - 1) == '\n') {
                to--;
            }
            int h = 0;
            int j = from;
            for (; j + 3 < to; j += 4) {
                h = 923_521 * h + 29_791 * text.charAt(j) + 961 * text.charAt(j + 1) + 31 * text.charAt(j + 2)
                        + text.charAt(j + 3);
            }
            for (; j < to; j++) {
                h = 31 * h + text.charAt(j);
            }
            out[i] = h;
        }
        return out;
    }

    private static int[] scan(String text) {
        int length = text.length();
        int[] out = new int[Math.max(64, length / 32)];
        out[0] = 0;
        int n = 1;
        byte[] bytes = length >= WORDWISE_FROM ? text.getBytes(StandardCharsets.ISO_8859_1) : null;
        // ISO-8859-1 keeps every char below 256 as itself and turns every other one into '?', so a 0x0A byte is
        // exactly a '\n' at the same offset, unless a surrogate pair became one '?': then the lengths differ.
        if (bytes != null && bytes.length == length) {
            int i = 0;
            for (; i + Long.BYTES <= length; i += Long.BYTES) {
                long x = (long) Words.LONGS.get(bytes, i) ^ NEWLINES;
                long found = ~((((x & LOW_SEVEN) + LOW_SEVEN) | x) | LOW_SEVEN);
                while (found != 0) {
                    if (n + 1 >= out.length) {
                        out = Arrays.copyOf(out, out.length * 2);
                    }
                    out[n++] = i + (Long.numberOfTrailingZeros(found) >>> 3) + 1;
                    found &= found - 1;
                }
            }
            for (; i < length; i++) {
                if (bytes[i] == '\n') {
                    if (n + 1 >= out.length) {
                        out = Arrays.copyOf(out, out.length * 2);
                    }
                    out[n++] = i + 1;
                }
            }
        } else {
            for (int q = text.indexOf('\n'); q >= 0; q = text.indexOf('\n', q + 1)) {
                if (n + 1 >= out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
                out[n++] = q + 1;
            }
        }
        // out[n - 1] is the start of the line after the last break; it is a line only when text follows it.
        if (out[n - 1] == length) {
            n--;
        }
        if (n == 0 && length == 0) {
            return new int[] {0};
        }
        int[] result = Arrays.copyOf(out, n + 1);
        result[n] = length;
        return result;
    }
}
