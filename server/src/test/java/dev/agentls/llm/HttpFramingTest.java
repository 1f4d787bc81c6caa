package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.LlmSettings;
import dev.agentls.config.Provider;
import dev.agentls.config.Timeouts;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * How the model client (okhttp under {@link HttpAttempt}'s rules) reads what a model server on loopback writes, byte
 * for byte (a raw {@link RawHttpServer}): interim answers, redirects, the body's framing (chunked, Content-Length,
 * until close) and coding (gzip); a framing violation is a protocol error, tried once, and a connection closed inside
 * a framed body a cut stream. The server keeps every connection open after its answer, as a keep-alive server does: a
 * framed body must end by its framing.
 */
@Tag("slow")
class HttpFramingTest {

    static final String HELLO = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"},\"finish_reason\":null}]}\n\n";
    static final String LO_STOP = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"lo\"},\"finish_reason\":\"stop\"}]}\n\n";
    static final String SSE_HEAD = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n";

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    /** Short waits, so a client that waited for the server to close would fail here rather than pass late. */
    static LlmSettings settings(RawHttpServer server) {
        return Harness.withTimeouts(Harness.settings(Provider.OPENAI, server.baseUrl("/v1")),
                new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(3), Duration.ofSeconds(3),
                        Duration.ofSeconds(10)));
    }

    static String chunk(String data) {
        return Integer.toHexString(data.getBytes(StandardCharsets.UTF_8).length) + "\r\n" + data + "\r\n";
    }

    private ModelOutcome run(RawHttpServer server) throws Exception {
        return h.start(settings(server), Harness.ask("hi")).outcome().get(30, TimeUnit.SECONDS);
    }

    private void assertProtocolError(String bytes, String fact) throws Exception {
        try (RawHttpServer server = RawHttpServer.answering(bytes)) {
            ModelFailure failure = Harness.failure(run(server));
            assertInstanceOf(ModelFailure.ProtocolError.class, failure, failure.toString());
            assertTrue(failure.message().contains(fact), failure.message());
            assertEquals(1, server.connections(), "a protocol error is not retried");
        }
    }

    private void assertCompletedWithHello(RawHttpServer server) throws Exception {
        ModelOutcome outcome = run(server);
        assertEquals(FinishReason.STOP, assertInstanceOf(ModelOutcome.Completed.class, outcome).reason());
        assertEquals("Hello", h.text());
    }

    @Test
    void aChunkedBodyEndsByItsLastChunkWhileTheServerKeepsTheConnectionOpen() throws Exception {
        // No [DONE]: only the zero-size chunk says the body ended.
        try (RawHttpServer server = RawHttpServer.answering(SSE_HEAD + "Transfer-Encoding: chunked\r\n\r\n"
                + chunk(HELLO) + chunk(LO_STOP) + "0;ext=1\r\nX-Trailer: t\r\n\r\n")) {
            assertCompletedWithHello(server);
        }
    }

    @Test
    void chunkExtensionsAndTrailersAreAccepted() throws Exception {
        try (RawHttpServer server = RawHttpServer.answering(SSE_HEAD + "Transfer-Encoding: chunked\r\n\r\n"
                + Integer.toHexString(HELLO.length()) + " ;name=\"value\";x\r\n" + HELLO + "\r\n" + chunk(LO_STOP)
                + "0\r\nServer-Timing: total;dur=12\r\nX-Other: 1\r\n\r\n")) {
            assertCompletedWithHello(server);
        }
    }

    @Test
    void aContentLengthBodyEndsAtItsLengthAndBytesPastItAreNotRead() throws Exception {
        String body = HELLO + LO_STOP;
        String extra = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"EXTRA\"},\"finish_reason\":null}]}\n\n";
        try (RawHttpServer server = RawHttpServer.answering(SSE_HEAD + "Content-Length: " + body.length() + "\r\n\r\n"
                + body + extra)) {
            assertCompletedWithHello(server);
        }
    }

    @Test
    void aContentLengthBodyShorterThanAnnouncedIsACutStream() throws Exception {
        try (RawHttpServer server = RawHttpServer.start((out, socket) -> {
            out.write((SSE_HEAD + "Content-Length: 500\r\n\r\n" + HELLO).getBytes(StandardCharsets.UTF_8));
            socket.close();
        })) {
            ModelFailure failure = Harness.failure(run(server));
            assertInstanceOf(ModelFailure.StreamCut.class, failure);
            assertTrue(failure.message().contains("the connection broke mid-answer"), failure.message());
            assertEquals("Hel", h.text(), "what came before the cut was delivered");
        }
    }

    @Test
    void aBodyWithoutFramingIsReadUntilTheServerCloses() throws Exception {
        try (RawHttpServer server = RawHttpServer.start((out, socket) -> {
            out.write(("HTTP/1.0 200 OK\r\nContent-Type: text/event-stream\r\n\r\n" + HELLO).getBytes(
                    StandardCharsets.UTF_8));
            out.flush();
            RawHttpServer.pause(100);
            out.write(LO_STOP.getBytes(StandardCharsets.UTF_8));
            socket.close();
        })) {
            assertCompletedWithHello(server);
        }
    }

    @Test
    void aGzipCodedBodyIsDecoded() throws Exception {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
            gzip.write((HELLO + LO_STOP).getBytes(StandardCharsets.UTF_8));
        }
        byte[] body = zipped.toByteArray();
        try (RawHttpServer server = RawHttpServer.start((out, socket) -> {
            out.write((SSE_HEAD + "Content-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        })) {
            assertCompletedWithHello(server);
        }
    }

    @Test
    void aHundredContinueIsSkippedAndTheAnswerAfterItRead() throws Exception {
        try (RawHttpServer server = RawHttpServer.answering("HTTP/1.1 100 Continue\r\n\r\n"
                + "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n" + SSE_HEAD
                + "Content-Length: " + (HELLO + LO_STOP).length() + "\r\n\r\n" + HELLO + LO_STOP)) {
            assertCompletedWithHello(server);
        }
    }

    @Test
    void aRedirectIsNotFollowedAndTheFailureNamesItsStatusAndLocation() throws Exception {
        try (RawHttpServer server = RawHttpServer.answering("HTTP/1.1 307 Temporary Redirect\r\n"
                + "Location: http://127.0.0.1:1/elsewhere/v1/chat/completions\r\nContent-Length: 0\r\n\r\n")) {
            ModelFailure failure = Harness.failure(run(server));
            assertEquals(new ModelFailure.BadRequest(307, "the server redirects to"
                    + " 'http://127.0.0.1:1/elsewhere/v1/chat/completions', and redirects are not followed: set"
                    + " agentls.llm.baseUrl to the address meant"), failure);
            assertEquals(1, server.connections(), "one request, none to the Location");
        }
    }

    @Test
    void aMalformedStatusLineIsAProtocolErrorQuotingIt() throws Exception {
        assertProtocolError("HTTP/1.1 OK\r\nContent-Type: text/event-stream\r\n\r\n", "status line: HTTP/1.1 OK");
        assertProtocolError("SSE/1.0 200 OK\r\n\r\n", "status line: SSE/1.0 200 OK");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "zz | but was 0x7a",
            "0x10 | chunk size and optional extensions but was \"0x10\"",
            "-5 | but was 0x2d",
            "10000000000000000 | Number too large: 10000000000000000",
            "'' | but was 0xd"})
    void aBadChunkSizeIsAProtocolErrorNamingIt(String size, String fact) throws Exception {
        assertProtocolError(SSE_HEAD + "Transfer-Encoding: chunked\r\n\r\n" + chunk(HELLO) + size + "\r\n" + LO_STOP
                + "\r\n0\r\n\r\n", fact);
        assertEquals("Hel", h.text(), "the chunk before the bad one was read");
    }

    @Test
    void chunkDataLongerThanItsSizeIsRefused() throws Exception {
        assertProtocolError(SSE_HEAD + "Transfer-Encoding: chunked\r\n\r\n3\r\n" + HELLO + "\r\n0\r\n\r\n",
                "but was 0xa");
    }

    @Test
    void aBodyCutInTheMiddleOfAChunkIsACutStream() throws Exception {
        try (RawHttpServer server = RawHttpServer.start((out, socket) -> {
            out.write((SSE_HEAD + "Transfer-Encoding: chunked\r\n\r\n" + chunk(HELLO) + "64\r\n"
                    + LO_STOP.substring(0, 20)).getBytes(StandardCharsets.UTF_8));
            socket.close();
        })) {
            ModelFailure failure = Harness.failure(run(server));
            assertInstanceOf(ModelFailure.StreamCut.class, failure);
            assertTrue(failure.message().contains("the connection broke mid-answer"), failure.message());
            assertEquals("Hel", h.text());
            assertTrue(h.all(ModelEvent.Finished.class).isEmpty(), "a cut answer is never passed off as whole");
        }
    }

    @Test
    void anErrorBodyIsReadToAtMostSixtyFourKib() throws Exception {
        String message = "x".repeat(200_000);
        try (RawHttpServer server = RawHttpServer.answering("HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\n"
                + "Content-Length: " + message.length() + "\r\n\r\n" + message)) {
            ModelFailure failure = Harness.failure(run(server));
            assertEquals(new ModelFailure.BadRequest(400, "x".repeat(500) + "... (65536 chars)"), failure);
        }
    }

    @Test
    void repeatedHeadersAreKeptAndNamesMatchInAnyCase() throws Exception {
        // Retry-After read from a lower-case header; the first of two Content-Type lines counts.
        try (RawHttpServer server = RawHttpServer.answering("HTTP/1.1 429 Too Many Requests\r\n"
                + "content-type: application/json\r\nCONTENT-TYPE: text/plain\r\nretry-after: 7\r\n"
                + "Content-Length: 38\r\n\r\n{\"error\":{\"message\":\"slow down\"}}    ")) {
            LlmSettings settings = settings(server);
            LlmSettings once = new LlmSettings(settings.provider(), settings.baseUrl(), settings.model(),
                    settings.apiKeyEnv(), settings.toolMode(), settings.maxOutputTokens(), settings.contextWindow(),
                    settings.safeZone(), settings.timeouts(), new dev.agentls.config.RetryPolicy(1,
                    Duration.ofMillis(500), Duration.ofSeconds(8)), settings.continuationRounds(), settings.prices(),
                    settings.maxTokensField(), settings.maxAnswerChars(), settings.thinking());
            ModelFailure failure = Harness.failure(h.run(once, Harness.ask("hi")));
            assertEquals(new ModelFailure.RateLimited(java.util.Optional.of(Duration.ofSeconds(7)), "slow down"),
                    failure);
            assertEquals(List.of(), h.sleeps);
        }
    }
}
