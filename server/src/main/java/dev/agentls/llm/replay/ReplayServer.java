package dev.agentls.llm.replay;

import java.io.BufferedInputStream;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;

/**
 * A loopback HTTP/1.1 server that answers each request with the next response of a {@link Transcript}, body parts
 * written as chunks with their delays, a {@code cut} closing the socket mid-body. It binds 127.0.0.1 only and is
 * meant for demos and tests: it understands just enough HTTP for model clients (Content-Length request bodies,
 * keep-alive). Once the script is used up it answers 500 with a JSON error saying so. Each served request is
 * reported through {@code log}, so its user always sees that a replay, not a model, is answering.
 */
public final class ReplayServer implements AutoCloseable {

    /** A request as received, for tests and the log. */
    public record Request(String method, String target, String body) {}

    private static final int MAX_HEAD = 64 * 1024;
    private static final int MAX_BODY = 32 * 1024 * 1024;

    private final Transcript transcript;
    private final ServerSocket socket;
    private final ExecutorService connections;
    private final Consumer<String> log;
    private final List<Request> requests = new ArrayList<>();
    private final CompletableFuture<Void> allServed = new CompletableFuture<>();
    private final List<Socket> open = new ArrayList<>();
    private int next;

    private ReplayServer(Transcript transcript, ServerSocket socket, ExecutorService connections, Consumer<String> log) {
        this.transcript = transcript;
        this.socket = socket;
        this.connections = connections;
        this.log = log;
    }

    /**
     * Binds 127.0.0.1:{@code port} (0 picks a free port) and serves on {@code connections}: one task accepts, one
     * task per connection answers.
     */
    public static ReplayServer start(Transcript transcript, int port, ExecutorService connections,
                                     Consumer<String> log) throws IOException {
        ServerSocket socket = new ServerSocket();
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        ReplayServer server = new ReplayServer(transcript, socket, connections, log);
        connections.execute(server::acceptLoop);
        return server;
    }

    public int port() {
        return socket.getLocalPort();
    }

    /** {@code http://127.0.0.1:PORT}: the Anthropic base URL; add {@code /v1} for OpenAI-compatible clients. */
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + port());
    }

    /** Completes once every scripted response has been sent (or cut). */
    public CompletableFuture<Void> allServed() {
        return allServed;
    }

    public synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    private void acceptLoop() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                synchronized (this) {
                    open.add(client);
                }
                connections.execute(() -> serve(client));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            InputStream in = new BufferedInputStream(client.getInputStream());
            OutputStream out = client.getOutputStream();
            while (true) {
                Request request = readRequest(in);
                if (request == null) {
                    return;
                }
                if (!answer(request, out, client)) {
                    return;
                }
            }
        } catch (IOException | InterruptedException e) {
            log.accept("replay: connection ended: " + e.getMessage());
        } finally {
            synchronized (this) {
                open.remove(client);
            }
        }
    }

    /** Writes the next scripted response; false when the connection was cut on purpose. */
    private boolean answer(Request request, OutputStream out, Socket client) throws IOException, InterruptedException {
        Transcript.Response response;
        int number;
        synchronized (this) {
            requests.add(request);
            number = next < transcript.responses().size() ? ++next : -1;
            response = number > 0 ? transcript.responses().get(number - 1) : null;
        }
        int total = transcript.responses().size();
        if (response == null) {
            log.accept("replay: " + request.method() + " " + request.target() + " -> no scripted response left (500)");
            byte[] body = ("{\"error\":{\"message\":\"agentls replay-model: the script's " + total
                    + " responses were all used\",\"type\":\"replay_exhausted\"}}").getBytes(StandardCharsets.UTF_8);
            out.write(("HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            return true;
        }
        log.accept("replay: " + request.method() + " " + request.target() + " -> scripted response " + number + "/"
                + total + " (HTTP " + response.status() + ")");
        Thread.sleep(response.delayMillis());
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(response.status()).append(' ')
                .append(reason(response.status())).append("\r\n");
        response.headers().forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        head.append("Transfer-Encoding: chunked\r\n\r\n");
        out.write(head.toString().getBytes(StandardCharsets.UTF_8));
        out.flush();
        try {
            for (Transcript.Part part : response.parts()) {
                Thread.sleep(part.delayMillis());
                if (part instanceof Transcript.Part.Cut) {
                    client.setSoLinger(true, 0);
                    client.close();
                    return false;
                }
                byte[] bytes = ((Transcript.Part.Bytes) part).utf8();
                if (bytes.length > 0) {
                    out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(bytes);
                    out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                }
            }
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return true;
        } finally {
            if (number == total) {
                allServed.complete(null);
            }
        }
    }

    /** Reads one request (head and Content-Length body); null at a clean end of the connection. */
    private static Request readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                if (head.size() == 0) {
                    return null;
                }
                throw new IOException("the connection closed inside a request head");
            }
            head.write(b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
                    ? matched + 1 : (b == '\r' ? 1 : 0);
            if (head.size() > MAX_HEAD) {
                throw new IOException("request head over " + MAX_HEAD + " bytes");
            }
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        String[] requestLine = lines[0].split(" ");
        if (requestLine.length != 3) {
            throw new IOException("malformed request line: " + lines[0]);
        }
        long length = 0;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0 && lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("content-length")) {
                length = Long.parseLong(lines[i].substring(colon + 1).trim());
            }
        }
        if (length < 0 || length > MAX_BODY) {
            throw new IOException("request body of " + length + " bytes refused");
        }
        byte[] body = in.readNBytes((int) length);
        if (body.length != length) {
            throw new IOException("the connection closed inside a request body");
        }
        return new Request(requestLine[0], requestLine[1], new String(body, StandardCharsets.UTF_8));
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 529 -> "Overloaded";
            default -> "Status";
        };
    }

    @Override
    public void close() throws IOException {
        socket.close();
        synchronized (this) {
            for (Socket s : open) {
                s.close();
            }
        }
    }
}
