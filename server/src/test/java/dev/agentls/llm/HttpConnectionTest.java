package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.agentls.config.LlmSettings;
import dev.agentls.config.Provider;
import dev.agentls.config.Timeouts;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The model client's connection to a model server on loopback (a raw {@link RawHttpServer}): the request
 * it writes, the hosts it reaches ({@code localhost}, {@code [::1]}), a refused connection, each wait running out
 * with its own failure, a cancel that ends a blocked read at once, and a header that would break the request's
 * framing refused before anything is sent.
 */
@Tag("slow")
class HttpConnectionTest {

    private static final String SSE_HEAD = HttpFramingTest.SSE_HEAD;
    private static final String HELLO = HttpFramingTest.HELLO;
    private static final String LO_STOP = HttpFramingTest.LO_STOP;
    private static final String WHOLE = SSE_HEAD + "Content-Length: " + (HELLO + LO_STOP).length() + "\r\n\r\n" + HELLO
            + LO_STOP;

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private static LlmSettings at(URI base, Duration firstByte, Duration idle, Duration noProgress) {
        return Harness.withTimeouts(Harness.settings(Provider.OPENAI, base),
                new Timeouts(Duration.ofSeconds(5), firstByte, idle, noProgress));
    }

    private ModelOutcome run(LlmSettings settings) throws Exception {
        return h.start(settings, Harness.ask("hi")).outcome().get(30, TimeUnit.SECONDS);
    }

    @Test
    void theRequestIsOneHttp11PostWithItsFramingHeadersAndTheProtocolsOwn() throws Exception {
        try (RawHttpServer server = RawHttpServer.answering(WHOLE)) {
            assertInstanceOf(ModelOutcome.Completed.class, run(at(server.baseUrl("/v1"),
                    Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(10))));
            String request = server.requests().get(0);
            String head = request.substring(0, request.indexOf("\r\n\r\n"));
            byte[] body = request.substring(head.length() + 4).getBytes(StandardCharsets.ISO_8859_1);
            assertTrue(head.startsWith("POST /v1/chat/completions HTTP/1.1\r\n"), head);
            assertTrue(head.contains("\r\nHost: 127.0.0.1:" + server.port() + "\r\n"), head);
            assertTrue(head.contains("\r\nContent-Type: application/json; charset=utf-8\r\n"), head);
            assertTrue(head.contains("\r\nContent-Length: " + body.length + "\r\n"), head);
            assertTrue(head.contains("\r\nAccept: text/event-stream"), head);
            assertTrue(head.contains("\r\nAuthorization: Bearer sk-test-0123456789"), head);
            assertTrue(new String(body, StandardCharsets.UTF_8).startsWith("{\"model\":\"gpt-4o\""), request);
        }
    }

    @Test
    void theRequestLineCarriesTheUrlsQuery() throws Exception {
        try (RawHttpServer server = RawHttpServer.answering(WHOLE)) {
            WireRequest request = new WireRequest(server.baseUrl("/openai/deployments/d/chat/completions?api-version=2")
                    .toString(), java.util.Map.of(), java.util.Set.of(), "{}");
            try (HttpExchange exchange = new OkHttpTransport(Harness.settings(Provider.OPENAI,
                    server.baseUrl("/")), UnaryOperator.identity()).exchange(request)) {
                exchange.send();
                assertEquals(200, exchange.status());
                assertEquals("text/event-stream", exchange.header("content-TYPE"));
            }
            assertTrue(server.requests().get(0).startsWith(
                    "POST /openai/deployments/d/chat/completions?api-version=2 HTTP/1.1\r\n"), server.requests().get(0));
        }
    }

    @Test
    void aLineBreakInAHeaderIsRefusedBeforeAnythingIsSent() throws Exception {
        h.env.put(Harness.KEY_ENV, "sk-evil\r\nX-Injected: yes");
        try (RawHttpServer server = RawHttpServer.answering(WHOLE)) {
            ModelFailure failure = Harness.failure(run(at(server.baseUrl("/v1"), Duration.ofSeconds(5),
                    Duration.ofSeconds(5), Duration.ofSeconds(10))));
            assertEquals(new ModelFailure.BadRequest(0, "Unexpected char 0x0d at 14 in Authorization value"), failure);
            assertFalse(failure.message().contains("evil"), "the key is never quoted");
            assertEquals(0, server.connections(), "nothing was sent: no connection was made");
        }
    }

    @Test
    void aLineBreakInAnAnthropicKeyHeaderIsRefusedWithoutQuotingTheKey() throws Exception {
        h.env.put(Harness.KEY_ENV, "sk-evil\r\nX-Injected: yes");
        try (RawHttpServer server = RawHttpServer.answering(WHOLE)) {
            LlmSettings settings = Harness.withTimeouts(Harness.settings(Provider.ANTHROPIC, server.baseUrl("/")),
                    new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5),
                            Duration.ofSeconds(10)));
            ModelFailure failure = Harness.failure(run(settings));
            assertInstanceOf(ModelFailure.BadRequest.class, failure);
            assertTrue(failure.message().contains("Unexpected char 0x0d at 7 in x-api-key value"), failure.message());
            assertFalse(failure.message().contains("evil"), "the key is never quoted: " + failure.message());
            assertEquals(0, server.connections(), "nothing was sent: no connection was made");
        }
    }

    @Test
    void aRefusedConnectionIsUnreachable() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        ModelFailure failure = Harness.failure(run(at(URI.create("http://127.0.0.1:" + port + "/v1"),
                Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(10))));
        assertInstanceOf(ModelFailure.Unreachable.class, failure);
        assertTrue(failure.message().startsWith("cannot reach the model: ConnectException: Failed to connect to"
                + " /127.0.0.1:" + port), failure.message());
    }

    @Test
    void aConnectionNeverAcceptedEndsAtTheConnectWait() throws Exception {
        // A listener that never accepts, its backlog filled: Linux then drops further SYNs, so a connect waits.
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            java.util.List<java.net.Socket> queued = new java.util.ArrayList<>();
            try {
                for (int i = 0; i < 8; i++) {
                    java.net.Socket s = new java.net.Socket();
                    try {
                        s.connect(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(),
                                full.getLocalPort()), 200);
                        queued.add(s);
                    } catch (java.net.SocketTimeoutException e) {
                        s.close();
                        break; // the backlog is full
                    }
                }
                Duration connect = Duration.ofMillis(300);
                LlmSettings settings = Harness.withTimeouts(Harness.settings(Provider.OPENAI,
                        URI.create("http://127.0.0.1:" + full.getLocalPort() + "/v1")),
                        new Timeouts(connect, Duration.ofSeconds(20), Duration.ofSeconds(20), Duration.ofSeconds(30)));
                assertEquals(new ModelFailure.Timeout(ModelFailure.TimeoutKind.CONNECT, connect),
                        Harness.failure(run(settings)));
            } finally {
                for (java.net.Socket s : queued) {
                    s.close();
                }
            }
        }
    }

    @Test
    void localhostIsResolvedAndReached() throws Exception {
        try (RawHttpServer server = RawHttpServer.answering(WHOLE)) {
            ModelOutcome outcome = run(at(URI.create("http://localhost:" + server.port() + "/v1"),
                    Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(10)));
            assertInstanceOf(ModelOutcome.Completed.class, outcome);
            assertEquals("Hello", h.text());
            assertTrue(server.requests().get(0).contains("\r\nHost: localhost:" + server.port() + "\r\n"));
        }
    }

    @Test
    void theIpv6LoopbackLiteralIsReached() throws Exception {
        InetAddress v6 = InetAddress.getByName("::1");
        RawHttpServer server;
        try {
            server = RawHttpServer.on(v6, (out, s) -> out.write(WHOLE.getBytes(StandardCharsets.UTF_8)));
        } catch (java.io.IOException e) {
            assumeTrue(false, "no IPv6 loopback on this machine: " + e);
            return;
        }
        try (server) {
            assertTrue(v6 instanceof Inet6Address);
            ModelOutcome outcome = run(at(URI.create("http://[::1]:" + server.port() + "/v1"),
                    Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(10)));
            assertInstanceOf(ModelOutcome.Completed.class, outcome);
            assertTrue(server.requests().get(0).contains("\r\nHost: [::1]:" + server.port() + "\r\n"));
        }
    }

    @Test
    void noHeadWithinTheFirstByteWaitIsAFirstByteTimeout() throws Exception {
        try (RawHttpServer server = RawHttpServer.start((out, s) -> { })) {
            Duration wait = Duration.ofMillis(300);
            ModelFailure failure = Harness.failure(run(at(server.baseUrl("/v1"), wait, Duration.ofSeconds(20),
                    Duration.ofSeconds(30))));
            assertEquals(new ModelFailure.Timeout(ModelFailure.TimeoutKind.FIRST_BYTE, wait), failure);
        }
    }

    @Test
    void aRequestTheServerStopsReadingEndsAtTheFirstByteWait() throws Exception {
        // A server that reads nothing, with a small receive window: a request past the client's send buffer blocks
        // in its write, which only the watch on it ends.
        try (ServerSocket server = new ServerSocket()) {
            server.setReceiveBufferSize(4096);
            server.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            CompletableFuture<java.net.Socket> accepted = CompletableFuture.supplyAsync(() -> {
                try {
                    return server.accept();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            Duration wait = Duration.ofMillis(500);
            LlmSettings settings = at(URI.create("http://127.0.0.1:" + server.getLocalPort() + "/v1"), wait,
                    Duration.ofSeconds(20), Duration.ofSeconds(30));
            ModelRequest big = ModelRequest.of(java.util.List.of(new ModelMessage.System("x".repeat(12 << 20)),
                    new ModelMessage.User("hi")), java.util.List.of());
            long start = System.nanoTime();
            ModelOutcome outcome = h.start(settings, big).outcome().get(30, TimeUnit.SECONDS);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertEquals(new ModelOutcome.Failed(new ModelFailure.Timeout(ModelFailure.TimeoutKind.FIRST_BYTE, wait)),
                    outcome);
            assertTrue(millis < 10_000, "ended after " + millis + " ms");
            accepted.get(10, TimeUnit.SECONDS).close();
        }
    }

    @Test
    void headersAtOnceAndThenNoBodyByteIsAFirstByteTimeout() throws Exception {
        try (RawHttpServer server = RawHttpServer.answering(SSE_HEAD + "Transfer-Encoding: chunked\r\n\r\n")) {
            Duration wait = Duration.ofMillis(300);
            ModelFailure failure = Harness.failure(run(at(server.baseUrl("/v1"), wait, Duration.ofSeconds(20),
                    Duration.ofSeconds(30))));
            assertEquals(new ModelFailure.Timeout(ModelFailure.TimeoutKind.FIRST_BYTE, wait), failure);
        }
    }

    @Test
    void silenceAfterAChunkLongerThanTheIdleWaitIsAnIdleTimeout() throws Exception {
        try (RawHttpServer server = RawHttpServer.answering(SSE_HEAD + "Transfer-Encoding: chunked\r\n\r\n"
                + HttpFramingTest.chunk(HELLO))) {
            Duration idle = Duration.ofMillis(300);
            ModelFailure failure = Harness.failure(run(at(server.baseUrl("/v1"), Duration.ofSeconds(20), idle,
                    Duration.ofSeconds(30))));
            assertEquals(new ModelFailure.Timeout(ModelFailure.TimeoutKind.IDLE, idle), failure);
            assertEquals("Hel", h.text());
            assertTrue(server.clientClosed().get(10, TimeUnit.SECONDS) > 0, "the connection was closed");
        }
    }

    @Test
    void keepAlivesWithoutContentEndAtTheNoProgressWait() throws Exception {
        try (RawHttpServer server = RawHttpServer.start((out, s) -> {
            out.write((SSE_HEAD + "Transfer-Encoding: chunked\r\n\r\n" + HttpFramingTest.chunk(HELLO))
                    .getBytes(StandardCharsets.UTF_8));
            while (true) {
                out.write(HttpFramingTest.chunk(": keep-alive\n\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                RawHttpServer.pause(30); // ends by the IOException of a closed connection
            }
        })) {
            Duration stall = Duration.ofMillis(400);
            ModelFailure failure = Harness.failure(run(at(server.baseUrl("/v1"), Duration.ofSeconds(20),
                    Duration.ofSeconds(20), stall)));
            assertEquals(new ModelFailure.Timeout(ModelFailure.TimeoutKind.NO_PROGRESS, stall), failure);
            assertEquals("Hel", h.text());
        }
    }

    @Test
    void cancellingWhileTheClientIsBlockedInAReadEndsTheCallAtOnce() throws Exception {
        try (RawHttpServer server = RawHttpServer.answering(SSE_HEAD + "Transfer-Encoding: chunked\r\n\r\n"
                + HttpFramingTest.chunk(HELLO))) {
            CompletableFuture<Void> firstText = new CompletableFuture<>();
            ModelCall call = h.client(at(server.baseUrl("/v1"), Duration.ofSeconds(60), Duration.ofSeconds(60),
                    Duration.ofSeconds(60))).stream(Harness.ask("hi"), e -> {
                        h.events.add(e);
                        if (e instanceof ModelEvent.TextDelta) {
                            firstText.complete(null);
                        }
                    });
            firstText.get(30, TimeUnit.SECONDS);
            long start = System.nanoTime();
            call.cancel();

            assertEquals(new ModelOutcome.Failed(new ModelFailure.Cancelled()), call.outcome().get(30, TimeUnit.SECONDS));
            long closedAt = server.clientClosed().get(30, TimeUnit.SECONDS);
            long millis = TimeUnit.NANOSECONDS.toMillis(closedAt - start);
            assertTrue(millis < 5_000, "the server saw the connection closed " + millis + " ms after cancel()");
        }
    }
}
