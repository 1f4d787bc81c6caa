package dev.agentls.llm;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;

/**
 * The buffered bytes of one connection of the direct client, read against a deadline: each read of the socket waits
 * only until the deadline last set ({@code setSoTimeout}, a sub-millisecond rest rounded up, never 0, which would
 * mean forever), so one logical read made of several socket reads (a chunk's size line, then its data) still ends on
 * time. Lines (of a head, a chunk size, trailers) are read with a bound on their length.
 */
final class HttpInput {

    private final Socket socket;
    private final InputStream in;
    private final byte[] buffer = new byte[16 * 1024];
    private int position;
    private int limit;
    private long deadline;

    HttpInput(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
    }

    /** Reads from now on wait at most {@code nanos} in all, until the next call. */
    void deadlineIn(long nanos) {
        deadline = System.nanoTime() + nanos;
    }

    /** Bytes already buffered, readable without waiting. */
    int buffered() {
        return limit - position;
    }

    /** Up to {@code length} bytes, waiting for some only when none is buffered; -1 when the server closed. */
    int read(byte[] target, int offset, int length) throws IOException {
        if (position == limit && !fill()) {
            return -1;
        }
        int n = Math.min(length, limit - position);
        System.arraycopy(buffer, position, target, offset, n);
        position += n;
        return n;
    }

    /**
     * One line, without its CRLF (a bare LF ends one too, RFC 9112 section 2.2), as ISO-8859-1 text; null when the
     * server closed before any byte of it.
     *
     * @param max     the most bytes the line may take, its line break included
     * @param tooLong the fact to report when it takes more
     */
    String readLine(int max, String tooLong) throws IOException {
        StringBuilder line = new StringBuilder();
        int taken = 0;
        while (true) {
            if (position == limit && !fill()) {
                if (taken == 0) {
                    return null;
                }
                throw new EOFException("the connection closed in the middle of a line of the response");
            }
            byte b = buffer[position++];
            if (++taken > max) {
                throw new HttpProtocolException(tooLong);
            }
            if (b == '\n') {
                int end = line.length();
                return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
            }
            line.append((char) (b & 0xff));
        }
    }

    private boolean fill() throws IOException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new SocketTimeoutException("Read timed out");
        }
        socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, Math.max(1, (left + 999_999) / 1_000_000)));
        int n = in.read(buffer, 0, buffer.length);
        if (n < 0) {
            return false;
        }
        position = 0;
        limit = n;
        return true;
    }

    /** {@code text} fit for an error message: printable ASCII (others as '?'), at most 100 characters. */
    static String printable(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length() && i < 100; i++) {
            char c = text.charAt(i);
            out.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return text.length() > 100 ? out + "..." : out.toString();
    }
}
