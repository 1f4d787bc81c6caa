package dev.agentls.llm;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback server that writes exact bytes: for each connection it reads the whole request (head, then as many body
 * bytes as its {@code Content-Length} says), records it, and runs the test's answer on the raw socket. Then, unless
 * the answer closed the socket, it keeps the connection open (as a keep-alive server does) until the client closes
 * it, which {@link #clientClosed()} reports. Nothing of the client side is faked: the model client under test connects
 * to it for real.
 */
final class RawHttpServer implements AutoCloseable {

    /** What the server does once a request was read. */
    interface Answer {
        void write(OutputStream out, Socket socket) throws Exception;
    }

    private final ServerSocket socket;
    private final Answer answer;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger connections = new AtomicInteger();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final CompletableFuture<Long> clientClosed = new CompletableFuture<>();

    private RawHttpServer(ServerSocket socket, Answer answer) {
        this.socket = socket;
        this.answer = answer;
        threads.execute(this::acceptAll);
    }

    /** A server on 127.0.0.1 answering every request with {@code answer}. */
    static RawHttpServer start(Answer answer) throws IOException {
        return on(InetAddress.getLoopbackAddress(), answer);
    }

    /** The same bound to {@code address}. */
    static RawHttpServer on(InetAddress address, Answer answer) throws IOException {
        ServerSocket server = new ServerSocket();
        server.bind(new InetSocketAddress(address, 0));
        return new RawHttpServer(server, answer);
    }

    /** A server answering every request with exactly {@code bytes} (ISO-8859-1), then keeping the connection open. */
    static RawHttpServer answering(String bytes) throws IOException {
        return start((out, s) -> out.write(bytes.getBytes(StandardCharsets.ISO_8859_1)));
    }

    int port() {
        return socket.getLocalPort();
    }

    /** {@code http://127.0.0.1:PORT} + {@code path}. */
    URI baseUrl(String path) {
        return URI.create("http://127.0.0.1:" + port() + path);
    }

    /** Each request as received, head and body, in ISO-8859-1. */
    List<String> requests() {
        return List.copyOf(requests);
    }

    int connections() {
        return connections.get();
    }

    /** Completes with the nanoTime at which a client closed a connection the server kept open. */
    CompletableFuture<Long> clientClosed() {
        return clientClosed;
    }

    private void acceptAll() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                connections.incrementAndGet();
                open.add(client);
                threads.execute(() -> serve(client));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            InputStream in = client.getInputStream();
            requests.add(readRequest(in));
            OutputStream out = client.getOutputStream();
            answer.write(out, client);
            out.flush();
            if (!client.isClosed()) {
                // Keep-alive: wait for the client to close its end.
                while (in.read() >= 0) {
                    // a client sends nothing more on this connection
                }
                clientClosed.complete(System.nanoTime());
            }
        } catch (Exception e) {
            clientClosed.complete(System.nanoTime()); // a write or read failing: the client closed
        }
    }

    private static String readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed before the request head ended");
            }
            head.write(b);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        int length = 0;
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).strip());
            }
        }
        return text + new String(in.readNBytes(length), StandardCharsets.ISO_8859_1);
    }

    /** Sleeps for the server's pacing (not a test waiting for something). */
    static void pause(long millis) throws InterruptedException {
        Thread.sleep(millis);
    }

    @Override
    public void close() throws IOException {
        socket.close();
        for (Socket s : open) {
            s.close();
        }
        threads.shutdownNow();
    }
}
