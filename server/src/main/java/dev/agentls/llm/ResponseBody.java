package dev.agentls.llm;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * The body of a response read by the direct client, framed as its head says (RFC 9112 section 6.3):
 * {@code Transfer-Encoding: chunked}, else {@code Content-Length}, else until the server closes; then decoded when
 * {@code Content-Encoding: gzip}. A body with framing ends by it, never by waiting for the server to close (a server
 * may keep the connection open). A connection that closes inside a framed body is an {@link EOFException} (a cut
 * stream); a framing the client cannot read (an unknown transfer or content coding, a bad chunk size, a bad length) an
 * {@link HttpProtocolException} naming it.
 */
sealed interface ResponseBody {

    /** Bytes of the body, at least one unless {@code length} is 0; -1 at its end. */
    int read(byte[] target, int offset, int length) throws IOException;

    /** The body {@code head} announces, read from {@code in}. */
    static ResponseBody of(ResponseHead head, HttpInput in) throws HttpProtocolException {
        ResponseBody framed = framed(head, in);
        List<String> codings = head.items("Content-Encoding");
        if (codings.isEmpty() || codings.equals(List.of("identity"))) {
            return framed;
        }
        if (codings.equals(List.of("gzip")) || codings.equals(List.of("x-gzip"))) {
            return new Gzip(framed);
        }
        throw new HttpProtocolException("the response's content coding '" + HttpInput.printable(String.join(", ",
                codings)) + "' cannot be read (only gzip is, and the request asked for none)");
    }

    private static ResponseBody framed(ResponseHead head, HttpInput in) throws HttpProtocolException {
        if (head.status() == 204 || head.status() == 304) {
            return new Fixed(in, 0);
        }
        List<String> transfer = head.items("Transfer-Encoding");
        if (!transfer.isEmpty()) {
            for (String coding : transfer) {
                if (!coding.equals("chunked")) {
                    throw new HttpProtocolException("the response's transfer coding '" + HttpInput.printable(coding)
                            + "' cannot be read (only chunked is)");
                }
            }
            if (transfer.size() > 1) {
                throw new HttpProtocolException("the response is chunked " + transfer.size() + " times over");
            }
            return new Chunked(in); // wins over a Content-Length (RFC 9112 section 6.3)
        }
        List<String> lengths = head.items("Content-Length");
        if (lengths.isEmpty()) {
            return new UntilClose(in);
        }
        long length = -1;
        for (String value : lengths) {
            long v = value.length() <= 18 && ResponseHead.isToken(value) && value.chars().allMatch(Character::isDigit)
                    ? Long.parseLong(value) : -1;
            if (v < 0 || length >= 0 && v != length) {
                throw new HttpProtocolException("the response's Content-Length '" + HttpInput.printable(String.join(
                        ", ", head.headers("Content-Length"))) + "' is not one length");
            }
            length = v;
        }
        return new Fixed(in, length);
    }

    /** As many bytes as {@code Content-Length} says; fewer before the server closes is a cut. */
    final class Fixed implements ResponseBody {
        private final HttpInput in;
        private final long length;
        private long remaining;

        Fixed(HttpInput in, long length) {
            this.in = in;
            this.length = length;
            this.remaining = length;
        }

        @Override
        public int read(byte[] target, int offset, int size) throws IOException {
            if (remaining == 0) {
                return -1;
            }
            int n = in.read(target, offset, (int) Math.min(size, remaining));
            if (n < 0) {
                throw new EOFException("the connection closed after " + (length - remaining) + " of the " + length
                        + " bytes its Content-Length announced");
            }
            remaining -= n;
            return n;
        }
    }

    /** Everything until the server closes: the only framing an HTTP/1.0-style answer may have. */
    record UntilClose(HttpInput in) implements ResponseBody {
        @Override
        public int read(byte[] target, int offset, int size) throws IOException {
            return in.read(target, offset, size);
        }
    }

    /** {@code Transfer-Encoding: chunked} (RFC 9112 section 7.1): extensions ignored, trailers read and dropped. */
    final class Chunked implements ResponseBody {
        static final int MAX_SIZE_LINE = 4096;

        private final HttpInput in;
        private long remaining;
        private long chunkSize;
        private boolean started;
        private boolean ended;

        Chunked(HttpInput in) {
            this.in = in;
        }

        @Override
        public int read(byte[] target, int offset, int size) throws IOException {
            if (ended) {
                return -1;
            }
            if (remaining == 0) {
                if (started) {
                    String end = in.readLine(2, "a chunk's data did not end where its size said");
                    if (end == null) {
                        throw new EOFException("the connection closed after a chunk, before the next one");
                    }
                    if (!end.isEmpty()) {
                        throw new HttpProtocolException("a chunk's data did not end where its size said");
                    }
                }
                started = true;
                String line = in.readLine(MAX_SIZE_LINE, "a chunk-size line passed " + MAX_SIZE_LINE
                        + " bytes without ending");
                if (line == null) {
                    throw new EOFException("the connection closed between two chunks");
                }
                chunkSize = size(line);
                remaining = chunkSize;
                if (chunkSize == 0) {
                    trailers();
                    ended = true;
                    return -1;
                }
            }
            int n = in.read(target, offset, (int) Math.min(size, remaining));
            if (n < 0) {
                throw new EOFException("the connection closed " + (chunkSize - remaining) + " bytes into a "
                        + chunkSize + "-byte chunk");
            }
            remaining -= n;
            return n;
        }

        /** The chunk size of a size line: hex digits, then optional whitespace and {@code ;extensions}. */
        static long size(String line) throws HttpProtocolException {
            int end = line.indexOf(';');
            String hex = (end < 0 ? line : line.substring(0, end)).strip();
            String quoted = "'" + HttpInput.printable(hex) + "'";
            if (hex.startsWith("-")) {
                throw new HttpProtocolException("chunk size " + quoted + " is negative");
            }
            if (hex.isEmpty()) {
                throw new HttpProtocolException("a chunk-size line has no size: '" + HttpInput.printable(line) + "'");
            }
            long size = 0;
            for (int i = 0; i < hex.length(); i++) {
                int digit = Character.digit(hex.charAt(i), 16);
                if (digit < 0 || hex.charAt(i) > 'f') {
                    throw new HttpProtocolException("chunk size " + quoted + " is not hexadecimal");
                }
                if (size > (Long.MAX_VALUE >> 4)) {
                    throw new HttpProtocolException("chunk size " + quoted + " overflows a 63-bit count");
                }
                size = size << 4 | digit;
            }
            return size;
        }

        private void trailers() throws IOException {
            String tooLarge = "the response's trailers passed " + ResponseHead.MAX_HEAD_BYTES + " bytes";
            int budget = ResponseHead.MAX_HEAD_BYTES;
            for (int lines = 0; ; lines++) {
                String line = in.readLine(Math.max(budget, 0), tooLarge);
                if (line == null) {
                    return; // the server closed right after the last chunk: the body is whole all the same
                }
                if (line.isEmpty()) {
                    return;
                }
                if (lines == ResponseHead.MAX_FIELDS) {
                    throw new HttpProtocolException("the response has more than " + ResponseHead.MAX_FIELDS
                            + " trailer lines");
                }
                budget -= line.length() + 2;
            }
        }
    }

    /** A gzip-coded body, decoded; its header is read at the first read, under that read's deadline. */
    final class Gzip implements ResponseBody {
        private final ResponseBody coded;
        private GZIPInputStream decoded;

        Gzip(ResponseBody coded) {
            this.coded = coded;
        }

        @Override
        public int read(byte[] target, int offset, int size) throws IOException {
            try {
                if (decoded == null) {
                    decoded = new GZIPInputStream(new InputStream() {
                        @Override
                        public int read() throws IOException {
                            byte[] one = new byte[1];
                            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
                        }

                        @Override
                        public int read(byte[] b, int off, int len) throws IOException {
                            return coded.read(b, off, len);
                        }
                    });
                }
                return decoded.read(target, offset, size);
            } catch (ZipException e) {
                throw new HttpProtocolException("the gzip-coded body is corrupt: " + e.getMessage());
            }
        }
    }
}
