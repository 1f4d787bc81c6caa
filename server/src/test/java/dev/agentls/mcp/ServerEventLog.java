package dev.agentls.mcp;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The events a {@link StreamableHttpTestServer} sends on its event streams, each with an id, kept so a client that
 * reconnects with {@code Last-Event-ID} gets what followed on the stream that id belongs to (the specification's
 * "Resumability and Redelivery"): the standalone GET stream ({@link #GET_STREAM}), or the stream of one POST that broke
 * before its answer. An open GET stream is sent with a {@code Content-Length} it never reaches, so that
 * {@link #breakOpenStreams} and the server's stop cut it mid-body, as a dropped connection does, rather than end it.
 */
final class ServerEventLog {

    /** The server-to-client stream a GET opens. */
    static final String GET_STREAM = "get";

    /** One event: its id (a number, or a hostile one a test gave), its stream, and its SSE text. */
    record Event(long seq, String id, String stream, String text) {}

    private static final long NEVER_REACHED = 1L << 40;

    private final List<Event> events = new ArrayList<>();
    private final BooleanSupplier stopping;
    private long breaks;
    private int openStreams;

    /** @param stopping whether the server stops: then open streams are cut */
    ServerEventLog(BooleanSupplier stopping) {
        this.stopping = stopping;
    }

    /** Adds a JSON-RPC message as an event of {@code stream} with the next id; returns that id. */
    synchronized String append(String stream, String json) {
        long seq = events.size() + 1;
        String id = String.valueOf(seq);
        events.add(new Event(seq, id, stream, "id: " + id + "\nevent: message\ndata: " + json + "\n\n"));
        notifyAll();
        return id;
    }

    /** Adds a priming event (an id and empty data) to {@code stream}; returns its id. */
    synchronized String prime(String stream) {
        long seq = events.size() + 1;
        String id = String.valueOf(seq);
        events.add(new Event(seq, id, stream, "id: " + id + "\ndata: \n\n"));
        notifyAll();
        return id;
    }

    /** Adds an event given as raw SSE text (a malformed one, a huge id) to the GET stream. */
    synchronized void appendRaw(String id, String text) {
        events.add(new Event(events.size() + 1, id, GET_STREAM, text));
        notifyAll();
    }

    /** Cuts every open GET stream mid-body; what is appended later waits for a reconnection. */
    synchronized void breakOpenStreams() {
        breaks++;
        notifyAll();
    }

    synchronized int openStreams() {
        return openStreams;
    }

    synchronized void wake() {
        notifyAll();
    }

    /**
     * Serves one GET: without {@code lastEventId}, the GET stream from now on; with one, what followed that event on
     * its stream (a POST's stream ends there). An id the log does not hold is 400, naming it.
     */
    void serve(HttpExchange exchange, String lastEventId) throws IOException {
        String stream;
        long cursor;
        long breaksAtStart;
        synchronized (this) {
            if (lastEventId == null) {
                stream = GET_STREAM;
                cursor = events.size();
            } else {
                Optional<Event> from = events.stream().filter(e -> e.id().equals(lastEventId)).findFirst();
                if (from.isEmpty()) {
                    byte[] body = ("unknown Last-Event-ID").getBytes(StandardCharsets.UTF_8);
                    exchange.sendResponseHeaders(400, body.length);
                    exchange.getResponseBody().write(body);
                    return;
                }
                stream = from.get().stream();
                cursor = from.get().seq();
            }
            breaksAtStart = breaks;
            openStreams++;
        }
        try {
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.getResponseHeaders().add("Cache-Control", "no-cache");
            boolean getStream = stream.equals(GET_STREAM);
            exchange.sendResponseHeaders(200, getStream ? NEVER_REACHED : 0);
            OutputStream body = exchange.getResponseBody();
            while (true) {
                List<Event> next = new ArrayList<>();
                synchronized (this) {
                    for (Event e : events.subList((int) cursor, events.size())) {
                        if (e.stream().equals(stream)) {
                            next.add(e);
                        }
                    }
                    cursor = events.size();
                    if (next.isEmpty()) {
                        if (!getStream) {
                            return;
                        }
                        if (breaks != breaksAtStart || stopping.getAsBoolean()) {
                            throw new IOException("the stream is cut on purpose");
                        }
                        try {
                            wait(100);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new IOException("interrupted");
                        }
                        continue;
                    }
                }
                for (Event e : next) {
                    body.write(e.text().getBytes(StandardCharsets.UTF_8));
                }
                body.flush();
            }
        } finally {
            synchronized (this) {
                openStreams--;
                notifyAll();
            }
        }
    }
}
