package dev.agentls.lsp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Base protocol framing of the input stream: header lines, an empty line, then exactly Content-Length bytes. The
 * body is always consumed whole before anything parses it, so a body that fails to parse costs that message only
 * (LSP4J's reader parses straight off the stream and leaves an unread rest behind, which then garbles the next
 * header). Header names are matched without regard to case, and a Content-Length header that has stray bytes glued
 * in front of it (the rest of a body whose length was understated) is still found, so the stream finds its frames
 * again after garbage.
 */
final class FrameReader {

    /** Bodies above this are skipped unread; a real editor's largest messages (whole files) are far below it. */
    static final long MAX_BODY_BYTES = 64L << 20;
    /** Bytes kept of one header line; the rest of a longer line is read and dropped. */
    static final int MAX_HEADER_LINE = 4096;

    /** Bytes read at a time while dropping a skipped body. */
    private static final int SKIP_CHUNK = 64 * 1024;

    private static final String CONTENT_LENGTH = "content-length:";
    private static final String CONTENT_TYPE = "content-type:";

    private final InputStream in;
    private final long maxBodyBytes;

    FrameReader(InputStream in) {
        this(in, MAX_BODY_BYTES);
    }

    FrameReader(InputStream in, long maxBodyBytes) {
        this.in = in;
        this.maxBodyBytes = maxBodyBytes;
    }

    /** The next frame, or null when the stream ends (also in the middle of a frame). */
    Frame next() throws IOException {
        long length = -1;
        String charset = null;
        StringBuilder headers = new StringBuilder();
        while (true) {
            String line = readLine();
            if (line == null) {
                return null;
            }
            if (line.isEmpty()) {
                if (length >= 0) {
                    break;
                }
                if (headers.length() > 0) {
                    return new Frame.Unframed(Echo.bounded(headers.toString()));
                }
                continue; // blank lines between messages carry nothing
            }
            if (headers.length() < MAX_HEADER_LINE) {
                headers.append(headers.length() == 0 ? "" : " | ").append(line);
            }
            String lower = line.toLowerCase(Locale.ROOT);
            int at = lower.lastIndexOf(CONTENT_LENGTH);
            if (at >= 0) {
                length = parseLength(line.substring(at + CONTENT_LENGTH.length()).trim());
            } else if (lower.startsWith(CONTENT_TYPE)) {
                charset = charsetOf(line.substring(CONTENT_TYPE.length()));
            }
        }
        if (length > maxBodyBytes) {
            skip(length);
            return new Frame.Oversized(length);
        }
        byte[] body = in.readNBytes((int) length);
        return body.length < length ? null : new Frame.Body(body, charset);
    }

    /** A header line without its CR LF (a bare LF ends it too), at most {@link #MAX_HEADER_LINE} bytes kept. */
    private String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                byte[] bytes = line.toByteArray();
                int end = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
            }
            if (line.size() < MAX_HEADER_LINE) {
                line.write(c);
            }
        }
        return null;
    }

    /** Digits only; anything else (a sign, a fraction, an overflow) is no length at all. */
    private static long parseLength(String text) {
        if (text.isEmpty() || text.length() > 18 || !text.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
            return -1;
        }
        return Long.parseLong(text);
    }

    private static String charsetOf(String contentType) {
        for (String part : contentType.split(";")) {
            String trimmed = part.trim();
            if (trimmed.toLowerCase(Locale.ROOT).startsWith("charset=")) {
                return trimmed.substring("charset=".length()).replace("\"", "").trim();
            }
        }
        return null;
    }

    /**
     * Reads and drops {@code length} bytes. Never {@code InputStream.skip}: on a pipe (stdin of a server an editor
     * started) a FileInputStream seeks and fails with "Illegal seek", which would end the connection.
     */
    private void skip(long length) throws IOException {
        byte[] drain = new byte[(int) Math.min(length, SKIP_CHUNK)];
        long left = length;
        while (left > 0) {
            int read = in.read(drain, 0, (int) Math.min(left, drain.length));
            if (read < 0) {
                return;
            }
            left -= read;
        }
    }
}
