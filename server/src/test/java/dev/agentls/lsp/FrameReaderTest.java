package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The base protocol framing: exact bodies, whatever garbage comes between them. */
class FrameReaderTest {

    private static FrameReader reader(String bytes) {
        return new FrameReader(new ByteArrayInputStream(bytes.getBytes(StandardCharsets.ISO_8859_1)), 100);
    }

    private static String body(Frame frame) {
        return new String(assertInstanceOf(Frame.Body.class, frame).bytes(), StandardCharsets.UTF_8);
    }

    @Test
    void readsExactlyContentLengthBytesAndTheNextFrameAfterThem() throws IOException {
        FrameReader frames = reader("Content-Length: 3\r\n\r\n{}xContent-Length: 2\r\n\r\n[]");
        assertEquals("{}x", body(frames.next()));
        assertEquals("[]", body(frames.next()));
        assertNull(frames.next());
    }

    @Test
    void matchesHeaderNamesWithoutCaseAndTakesBareLineFeeds() throws IOException {
        Frame frame = reader("content-length: 2\ncontent-type: application/vscode-jsonrpc; charset=utf8\n\n{}").next();
        assertEquals("{}", body(frame));
        assertEquals("utf8", ((Frame.Body) frame).charset());
    }

    @Test
    void findsAContentLengthWithTheRestOfAnUnderstatedBodyGluedInFrontOfIt() throws IOException {
        FrameReader frames = reader("Content-Length: 2\r\n\r\n{}}]Content-Length: 2\r\n\r\nok");
        assertEquals("{}", body(frames.next()));
        assertEquals("ok", body(frames.next()));
    }

    @Test
    void reportsAHeaderBlockWithoutAUsableLengthAndGoesOn() throws IOException {
        FrameReader frames = reader("Content-Type: x\r\n\r\nContent-Length: -5\r\n\r\n\r\n\r\nContent-Length: 2\r\n\r\nok");
        assertEquals("Content-Type: x", assertInstanceOf(Frame.Unframed.class, frames.next()).headers());
        assertEquals("Content-Length: -5", assertInstanceOf(Frame.Unframed.class, frames.next()).headers());
        assertEquals("ok", body(frames.next()));
    }

    @Test
    void skipsABodyOverTheLimitWholeAndReadsTheNextFrame() throws IOException {
        FrameReader frames = reader("Content-Length: 150\r\n\r\n" + "x".repeat(150) + "Content-Length: 2\r\n\r\nok");
        assertEquals(150, assertInstanceOf(Frame.Oversized.class, frames.next()).length());
        assertEquals("ok", body(frames.next()));
    }

    @Test
    void skipsABodyByReadingItOnAStreamThatCannotSeek() throws IOException {
        byte[] bytes = ("Content-Length: 150000\r\n\r\n" + "x".repeat(150_000) + "Content-Length: 2\r\n\r\nok")
                .getBytes(StandardCharsets.ISO_8859_1);
        InputStream pipe = new FilterInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            public long skip(long n) throws IOException {
                throw new IOException("Illegal seek"); // what FileInputStream.skip does on a pipe
            }
        };
        FrameReader frames = new FrameReader(pipe, 100);
        assertEquals(150_000, assertInstanceOf(Frame.Oversized.class, frames.next()).length());
        assertEquals("ok", body(frames.next()));
    }

    @Test
    void endsAtTheEndOfTheStreamEvenInTheMiddleOfABody() throws IOException {
        assertNull(reader("Content-Length: 10\r\n\r\n{}").next());
        assertNull(reader("Content-Len").next());
    }

    @Test
    void keepsAtMostTheLimitOfAnEndlessHeaderLine() throws IOException {
        String headers = ((Frame.Unframed) reader("X: " + "y".repeat(100_000) + "\r\n\r\n").next()).headers();
        assertEquals(true, headers.length() < 300, headers.length() + "");
    }
}
