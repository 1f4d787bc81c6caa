package dev.agentls.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The scripted model of the latency benchmark, reduced to its wire: a loopback server that accepts one connection,
 * reads one HTTP request, answers {@code 200 text/event-stream} with chunked encoding, and then writes one
 * Chat Completions SSE frame per {@link #sendFrame()} call, on the caller's thread, so the benchmark knows exactly
 * when each chunk left.
 */
final class ChunkPump implements AutoCloseable {

    static final byte[] FRAME = ("data: {\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion.chunk\",\"created\":1763800000,"
            + "\"model\":\"bench\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\" token\"},\"finish_reason\":null}]}\n\n")
            .getBytes(StandardCharsets.UTF_8);

    private final ServerSocket server;
    private Socket socket;
    private OutputStream out;
    private final byte[] chunk;

    ChunkPump() throws IOException {
        server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        byte[] head = (Integer.toHexString(FRAME.length) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        chunk = new byte[head.length + FRAME.length + 2];
        System.arraycopy(head, 0, chunk, 0, head.length);
        System.arraycopy(FRAME, 0, chunk, head.length, FRAME.length);
        chunk[chunk.length - 2] = '\r';
        chunk[chunk.length - 1] = '\n';
    }

    int port() {
        return server.getLocalPort();
    }

    /** Accepts the client's connection, reads its request and sends the response head. */
    void accept() throws IOException {
        socket = server.accept();
        socket.setTcpNoDelay(true);
        InputStream in = new BufferedInputStream(socket.getInputStream());
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed before the request head ended");
            }
            head.write(b);
        }
        long length = 0;
        for (String line : head.toString(StandardCharsets.ISO_8859_1).split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Long.parseLong(line.substring(15).trim());
            }
        }
        in.readNBytes((int) length);
        out = socket.getOutputStream();
        out.write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Writes one frame as one HTTP chunk, now. */
    void sendFrame() throws IOException {
        out.write(chunk);
        out.flush();
    }

    @Override
    public void close() throws IOException {
        if (socket != null) {
            socket.close();
        }
        server.close();
    }
}
