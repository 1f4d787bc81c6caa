package dev.agentls.workspace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Decides whether bytes are text we can edit, and decodes them: UTF-8 (with or without a BOM) only. Binary content
 * (a NUL byte, or many control characters) and invalid UTF-8 are refused with the fact that decided it.
 */
public final class TextDecoder {

    /** How many leading bytes the binary heuristic looks at. */
    static final int SNIFF_BYTES = 8192;

    private TextDecoder() {}

    public static boolean hasBom(byte[] bytes) {
        return bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF;
    }

    /** Whether the file starts with a UTF-8 byte order mark; false when it is missing or unreadable. */
    public static boolean startsWithBom(Path path) {
        try (InputStream in = Files.newInputStream(path)) {
            return hasBom(in.readNBytes(3));
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Null when {@code bytes} look like text; else why they look binary. A NUL byte anywhere in the first
     * {@value #SNIFF_BYTES} bytes, a UTF-16/32 BOM, or more than 10% control characters (other than tab, line
     * breaks, form feed, escape) there.
     */
    public static String binaryReason(byte[] bytes, int length) {
        if (length >= 2 && ((bytes[0] & 0xff) == 0xFE && (bytes[1] & 0xff) == 0xFF
                || (bytes[0] & 0xff) == 0xFF && (bytes[1] & 0xff) == 0xFE)) {
            return "it starts with a UTF-16 byte order mark (only UTF-8 text is supported)";
        }
        int n = Math.min(length, SNIFF_BYTES);
        int control = 0;
        for (int i = 0; i < n; i++) {
            int b = bytes[i] & 0xff;
            if (b == 0) {
                return "it contains a NUL byte at offset " + i;
            }
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != 0x0B && b != 0x1B || b == 0x7F) {
                control++;
            }
        }
        if (n > 0 && control * 10 > n) {
            return String.format(Locale.ROOT, "%d of its first %d bytes are control characters", control, n);
        }
        return null;
    }

    /**
     * Decodes a file's bytes as UTF-8 text, the BOM stripped; refuses binary and invalid UTF-8. Well-formed UTF-8 is
     * read in one pass that also finds its line starts ({@link ScannedText}): its snapshot carries them built. Bytes
     * that pass is not sure of are decoded the general way, which names the byte it refuses.
     */
    public static Snapshot decode(Path path, byte[] bytes) {
        String why = binaryReason(bytes, bytes.length);
        if (why != null) {
            throw new FileRefusedException(path, FileRefusedException.Reason.BINARY,
                    "'" + path + "' looks binary: " + why + "; binary files are not read as text");
        }
        boolean bom = hasBom(bytes);
        int start = bom ? 3 : 0;
        ScannedText scanned = ScannedText.read(bytes, start);
        if (scanned != null) {
            String text = scanned.text();
            // Without a carriage return the layout is plain LF; with one, the general count decides (rare).
            TextFormat format = scanned.carriageReturns() ? TextFormat.detect(text, bom)
                    : new TextFormat(LineEnding.LF, bom, text.endsWith("\n"));
            return new Snapshot(path, text, java.util.OptionalInt.empty(), format,
                    LineStarts.scanned(text, scanned.lineStarts(), scanned.carriageReturns()));
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        CharBuffer out = CharBuffer.allocate(bytes.length - start + 1);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            int offset = in.position();
            throw new FileRefusedException(path, FileRefusedException.Reason.INVALID_ENCODING, String.format(Locale.ROOT,
                    "'%s' is not valid UTF-8: byte 0x%02X at offset %d; only UTF-8 text is supported", path,
                    bytes[offset] & 0xff, offset));
        }
        out.flip();
        String text = out.toString();
        return new Snapshot(path, text, java.util.OptionalInt.empty(), TextFormat.detect(text, bom));
    }
}
