package dev.agentls.lsp;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;

/**
 * A bounded in-memory byte pipe that any thread may write to or read from, standing in for an editor's stdio.
 * {@link java.io.PipedInputStream} is no stand-in: it fails a read with "Write end dead" once the last thread that
 * wrote has ended (a run's pool thread, a server's stderr reader), which a real pipe never does. Closing the writing
 * end gives the reader the rest and then end of stream; closing the reading end fails later writes.
 */
final class WirePipe {

    private final byte[] buffer;
    private int start;
    private int size;
    private boolean writerClosed;
    private boolean readerClosed;

    WirePipe(int capacity) {
        buffer = new byte[capacity];
    }

    /** The writing end. */
    OutputStream out() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                put(bytes, offset, length);
            }

            @Override
            public void close() {
                closeWriter();
            }
        };
    }

    /** The reading end. */
    InputStream in() {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] bytes, int offset, int length) throws IOException {
                return take(bytes, offset, length);
            }

            @Override
            public synchronized int available() {
                return WirePipe.this.available();
            }

            @Override
            public void close() {
                closeReader();
            }
        };
    }

    private synchronized void put(byte[] bytes, int offset, int length) throws IOException {
        int written = 0;
        while (written < length) {
            if (writerClosed || readerClosed) {
                throw new IOException("pipe closed");
            }
            if (size == buffer.length) {
                waitHere();
                continue;
            }
            int end = (start + size) % buffer.length;
            int chunk = Math.min(length - written, Math.min(buffer.length - size, buffer.length - end));
            System.arraycopy(bytes, offset + written, buffer, end, chunk);
            size += chunk;
            written += chunk;
            notifyAll();
        }
    }

    private synchronized int take(byte[] bytes, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        while (size == 0) {
            if (writerClosed || readerClosed) {
                return -1;
            }
            waitHere();
        }
        int chunk = Math.min(length, Math.min(size, buffer.length - start));
        System.arraycopy(buffer, start, bytes, offset, chunk);
        start = (start + chunk) % buffer.length;
        size -= chunk;
        notifyAll();
        return chunk;
    }

    private synchronized int available() {
        return size;
    }

    private synchronized void closeWriter() {
        writerClosed = true;
        notifyAll();
    }

    private synchronized void closeReader() {
        readerClosed = true;
        notifyAll();
    }

    private void waitHere() throws InterruptedIOException {
        try {
            wait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting on the pipe");
        }
    }
}
