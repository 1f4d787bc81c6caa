package dev.agentls.workspace;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Text that is not UTF-8, decoded so it can be READ: UTF-16 with a byte order mark, or 8-bit text (not valid UTF-8,
 * no NUL bytes, few control characters) read as windows-1252. Such files are never edited: writing them back would
 * need their encoding preserved byte for byte, which the edit path (UTF-8 only) does not promise, so every change
 * to them is refused where {@link TextDecoder} refuses them.
 */
public final class ForeignTextDecoder {

    private static final Charset WINDOWS_1252 = Charset.isSupported("windows-1252")
            ? Charset.forName("windows-1252") : StandardCharsets.ISO_8859_1;

    /** Decoded text and the name of the encoding it was read in. */
    public record ForeignText(String text, String encoding) {}

    private ForeignTextDecoder() {}

    /** The text of {@code bytes} when they are UTF-16 with a BOM or 8-bit text; empty for UTF-8, binary or garbage. */
    public static Optional<ForeignText> decode(byte[] bytes) {
        if (bytes.length >= 4 && (bytes[0] & 0xff) == 0xFF && (bytes[1] & 0xff) == 0xFE && bytes[2] == 0 && bytes[3] == 0) {
            return Optional.empty(); // UTF-32LE: too rare to guess at; refused as binary
        }
        if (bytes.length >= 2 && (bytes[0] & 0xff) == 0xFE && (bytes[1] & 0xff) == 0xFF) {
            return strict(bytes, StandardCharsets.UTF_16BE, "UTF-16BE");
        }
        if (bytes.length >= 2 && (bytes[0] & 0xff) == 0xFF && (bytes[1] & 0xff) == 0xFE) {
            return strict(bytes, StandardCharsets.UTF_16LE, "UTF-16LE");
        }
        if (TextDecoder.binaryReason(bytes, bytes.length) != null || isUtf8(bytes)) {
            return Optional.empty();
        }
        return Optional.of(new ForeignText(new String(bytes, WINDOWS_1252), WINDOWS_1252.name()));
    }

    private static Optional<ForeignText> strict(byte[] bytes, Charset charset, String name) {
        try {
            String text = charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, 2, bytes.length - 2)).toString();
            if (text.indexOf('\0') >= 0) {
                return Optional.empty();
            }
            return Optional.of(new ForeignText(text, name));
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    private static boolean isUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
