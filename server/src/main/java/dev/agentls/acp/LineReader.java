package dev.agentls.acp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads newline-terminated UTF-8 lines from a stream, each at most {@code maxBytes}: a longer line is skipped to its
 * end without being held, so a hostile 100 MB line costs neither the heap nor the connection.
 */
final class LineReader {

    /** One read: a line's text, a line too long to take (its length), or the end of the stream. */
    sealed interface Line permits Text, TooLong, End {}

    record Text(String text) implements Line {}

    record TooLong(long bytes) implements Line {}

    record End() implements Line {}

    private final InputStream in;
    private final int maxBytes;
    private final byte[] buffer = new byte[64 * 1024];
    private int start;
    private int end;

    LineReader(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    Line next() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        long length = 0;
        boolean tooLong = false;
        while (true) {
            if (start == end) {
                int read = in.read(buffer);
                if (read < 0) {
                    if (length == 0) {
                        return new End();
                    }
                    return tooLong ? new TooLong(length) : text(line);
                }
                start = 0;
                end = read;
            }
            int newline = -1;
            for (int i = start; i < end; i++) {
                if (buffer[i] == '\n') {
                    newline = i;
                    break;
                }
            }
            int stop = newline < 0 ? end : newline;
            int count = stop - start;
            length += count;
            if (!tooLong && length > maxBytes) {
                tooLong = true;
                line = new ByteArrayOutputStream();
            }
            if (!tooLong) {
                line.write(buffer, start, count);
            }
            start = newline < 0 ? end : newline + 1;
            if (newline >= 0) {
                return tooLong ? new TooLong(length) : text(line);
            }
        }
    }

    private static Text text(ByteArrayOutputStream line) {
        String text = line.toString(StandardCharsets.UTF_8);
        return new Text(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
    }
}
