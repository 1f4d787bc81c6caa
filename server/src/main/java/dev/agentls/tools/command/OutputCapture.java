package dev.agentls.tools.command;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Keeps the first {@code headBytes} and the last {@code tailBytes} of a stream and counts the rest, so a command that
 * prints gigabytes costs bounded memory and the model still sees how it started and how it ended. Thread-safe: one
 * thread drains while another may take a snapshot.
 */
final class OutputCapture {

    /** Around the count of bytes left out between head and tail. */
    static final String GAP_OPEN = "\n[... ";
    static final String GAP_CLOSE = " bytes omitted ...]\n";

    private final byte[] head;
    private final byte[] tail;
    private int headLength;
    private long tailWritten;
    private long total;

    OutputCapture(int headBytes, int tailBytes) {
        this.head = new byte[headBytes];
        this.tail = new byte[tailBytes];
    }

    /** Reads {@code in} to its end (or until it fails, e.g. closed under us); never throws. */
    void drain(InputStream in) {
        byte[] buffer = new byte[8192];
        try (in) {
            int read;
            while ((read = in.read(buffer)) >= 0) {
                append(buffer, read);
            }
        } catch (IOException e) {
            // The process was killed or the stream closed: what was read so far is the output.
        }
    }

    synchronized void append(byte[] bytes, int length) {
        total += length;
        int offset = 0;
        if (headLength < head.length) {
            int take = Math.min(length, head.length - headLength);
            System.arraycopy(bytes, 0, head, headLength, take);
            headLength += take;
            offset = take;
        }
        for (int i = offset; i < length && tail.length > 0; i++) {
            tail[(int) (tailWritten++ % tail.length)] = bytes[i];
        }
    }

    synchronized long totalBytes() {
        return total;
    }

    /** Bytes neither in the head nor in the tail. */
    synchronized long omittedBytes() {
        return Math.max(0, total - headLength - Math.min(tailWritten, tail.length));
    }

    /** The output as text: head, a line saying how much was left out (when anything was), and tail. */
    synchronized String text() {
        String start = new String(head, 0, headLength, StandardCharsets.UTF_8);
        int tailLength = (int) Math.min(tailWritten, tail.length);
        byte[] end = new byte[tailLength];
        long first = tailWritten - tailLength;
        for (int i = 0; i < tailLength; i++) {
            end[i] = tail[(int) ((first + i) % tail.length)];
        }
        String last = new String(end, StandardCharsets.UTF_8);
        long omitted = omittedBytes();
        if (omitted == 0) {
            return start + last;
        }
        return start + GAP_OPEN + omitted + GAP_CLOSE + last;
    }
}
