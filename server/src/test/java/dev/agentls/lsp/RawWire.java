package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The real server (the launcher's whole pipeline) on pipes, driven with raw bytes as a hostile or broken client
 * would send them; what comes back is read frame by frame. No LSP4J on this side, so nothing is tidied on the way.
 */
final class RawWire implements AutoCloseable {

    final ByteArrayOutputStream serverErr = new ByteArrayOutputStream();
    final List<JsonObject> received = new CopyOnWriteArrayList<>();
    final LspServerLauncher.Connection connection;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final WirePipe serverPipe = new WirePipe(1 << 16);
    private final OutputStream toServer = serverPipe.out();
    private final WirePipe clientPipe = new WirePipe(1 << 16);
    private final OutputStream toClient = clientPipe.out();
    private final Object arrivals = new Object();

    RawWire() throws IOException {
        this(new StandardSessions());
    }

    RawWire(SessionFactory sessions) throws IOException {
        InputStream serverIn = serverPipe.in();
        InputStream clientIn = clientPipe.in();
        connection = new LspServerLauncher(new PrintStream(serverErr, true, StandardCharsets.UTF_8), sessions)
                .start(serverIn, toClient, executor);
        executor.submit(() -> {
            JsonObject next;
            while ((next = WireFrames.read(clientIn)) != null) {
                received.add(next);
                synchronized (arrivals) {
                    arrivals.notifyAll();
                }
            }
            return null;
        });
    }

    void send(String json) throws IOException {
        sendBytes(WireFrames.frame(json));
    }

    void sendBytes(byte[] bytes) throws IOException {
        toServer.write(bytes);
        toServer.flush();
    }

    /** The answer to the request with this id (a JSON literal: {@code 7} or {@code "a"}), waited for up to 30 s. */
    JsonObject response(String idLiteral) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LspFixture.TIMEOUT_SECONDS);
        synchronized (arrivals) {
            while (true) {
                for (JsonObject message : received) {
                    if (!message.has("method") && message.has("id") && idLiteral.equals(message.get("id").toString())) {
                        return message;
                    }
                }
                long left = deadline - System.nanoTime();
                assertTrue(left > 0, "no answer to id " + idLiteral + " within " + LspFixture.TIMEOUT_SECONDS
                        + " s; received " + received);
                arrivals.wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
            }
        }
    }

    /** The answers received so far with this id (a JSON literal). */
    long answersTo(String idLiteral) {
        return received.stream().filter(m -> !m.has("method") && m.has("id")
                && idLiteral.equals(m.get("id").toString())).count();
    }

    /** Initializes on {@code root} with no capabilities and sends {@code initialized}; returns the answer. */
    JsonObject initialize(Path root, String idLiteral) throws Exception {
        send("{\"jsonrpc\":\"2.0\",\"id\":" + idLiteral + ",\"method\":\"initialize\",\"params\":{\"rootUri\":\""
                + root.toUri() + "\",\"capabilities\":{}}}");
        JsonObject answer = response(idLiteral);
        send("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}");
        return answer;
    }

    /** Asserts {@code answer} is an error with this code, no data (no stack trace), and returns its message. */
    static String error(JsonObject answer, int code) {
        assertTrue(answer.has("error"), "expected an error, got " + answer);
        JsonObject error = answer.getAsJsonObject("error");
        assertEquals(code, error.get("code").getAsInt(), answer.toString());
        JsonElement data = error.get("data");
        assertTrue(data == null || data.isJsonNull(), "error.data must be empty: " + answer);
        assertFalse(answer.has("result") && !answer.get("result").isJsonNull(), answer.toString());
        return error.get("message").getAsString();
    }

    @Override
    public void close() throws Exception {
        try {
            assertEquals(List.of(), WireFrames.percentSigns(received), "texts an editor shows held a '%'");
        } finally {
            toServer.close();
            connection.exit().get(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS);
            toClient.close();
            executor.shutdownNow();
        }
    }
}
