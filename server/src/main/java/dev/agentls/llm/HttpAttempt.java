package dev.agentls.llm;

import dev.agentls.config.Timeouts;
import dev.agentls.llm.sse.SseDecoder;
import dev.agentls.llm.sse.SseEvent;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.ProtocolException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.logging.Logger;
import javax.net.ssl.SSLException;

/**
 * One HTTP attempt of one round: sends the request, turns an error status into its failure, checks the content
 * type, and reads the event stream into the protocol's decoder until the decoder says the answer is complete or the
 * stream ends. The first-byte wait is the read timeout until the first body byte (headers included); from then on
 * the body's read timeout is the idle wait between chunks. Both count bytes, so a keep-alive restarts them; the
 * no-progress wait counts content instead (any event the decoder emits: text, thinking, tool calls), from the
 * response's headers and from each read that brought content, and each read waits at most until its deadline or the
 * whole answer's (which no content moves: a drip of content ends there). A
 * round that fails mid-stream, a stall included, has its connection closed at once. These rules live here alone;
 * the bytes move through an {@link HttpTransport} (okhttp). Owns nothing past the attempt; logs only redacted text.
 */
final class HttpAttempt {

    static final int MAX_ERROR_BODY = 64 * 1024;

    private final HttpTransport http;
    private final Clock clock;
    private final Duration idleTimeout;
    private final Duration firstByteTimeout;
    private final Duration connectTimeout;
    private final Duration noProgressTimeout;
    private final Duration wholeAnswerTimeout;
    private final LongSupplier nanoTime;
    private final Logger log;

    /**
     * @param clock    reads the dates of {@code Retry-After}
     * @param nanoTime a monotonic clock in nanoseconds ({@code System::nanoTime}) measuring the no-progress wait
     */
    HttpAttempt(HttpTransport http, Clock clock, LongSupplier nanoTime, Timeouts timeouts, Logger log) {
        this.http = http;
        this.clock = clock;
        this.nanoTime = nanoTime;
        this.connectTimeout = timeouts.connect();
        this.firstByteTimeout = timeouts.firstByte();
        this.idleTimeout = timeouts.idleBetweenChunks();
        this.noProgressTimeout = timeouts.noProgress();
        this.wholeAnswerTimeout = timeouts.wholeAnswer();
        this.log = log;
    }

    /** The handle through which {@link StreamingCall#cancel()} reaches the attempt under way. */
    interface Registry {
        /** Records the call under way; answers false when the call was already cancelled (then it is not sent). */
        boolean register(HttpExchange exchange);

        boolean cancelled();
    }

    /** When an answer starting now must have ended, on the monotonic clock; passed to each {@link #run}. */
    long answerDeadline() {
        return nanoTime.getAsLong() + wholeAnswerTimeout.toNanos();
    }

    /** @param answerDeadline from {@link #answerDeadline()} when the answer's first round began */
    RoundEnd run(WireProtocol protocol, WireRequest wire, KeyRedactor redactor, Registry registry,
                 EventSink sink, long answerDeadline) throws FailureException {
        if (answerDeadline - nanoTime.getAsLong() <= 0) {
            throw new FailureException(wholeAnswerTimeout());
        }
        logRequest(wire, redactor);
        HttpExchange exchange;
        try {
            exchange = http.exchange(wire);
        } catch (IllegalArgumentException e) {
            throw new FailureException(new ModelFailure.BadRequest(0, redactor.redact(e.getMessage())));
        }
        try (exchange) {
            if (!registry.register(exchange)) {
                throw new FailureException(new ModelFailure.Cancelled());
            }
            try {
                exchange.send();
            } catch (IOException e) {
                throw new FailureException(registry.cancelled() ? new ModelFailure.Cancelled()
                        : beforeAnswer(e, redactor));
            }
            return answer(protocol, exchange, redactor, registry, sink, answerDeadline);
        }
    }

    private RoundEnd answer(WireProtocol protocol, HttpExchange response, KeyRedactor redactor, Registry registry,
                            EventSink sink, long answerDeadline) throws FailureException {
        int status = response.status();
        String type = headerOr(response, "Content-Type"); // read now: the record may be published later
        log.fine(() -> "model response: HTTP " + status + " " + type);
        if (status >= 300 && status <= 399) {
            // Never followed: the request would go (with its key) wherever the server says.
            String location = headerOr(response, "Location");
            throw new FailureException(new ModelFailure.BadRequest(status, redactor.redact("the server redirects to '"
                    + location + "', and redirects are not followed: set agentls.llm.baseUrl to the address meant")));
        }
        if (status < 200 || status > 299) {
            String body = redactor.redact(errorBody(response));
            log.info(() -> "model error: HTTP " + status + ": " + ErrorBodies.shorten(body));
            Optional<Duration> retryAfter = RetryAfter.parse(response::header, clock);
            throw new FailureException(protocol.errorFailure(status, body, retryAfter), retryAfter);
        }
        if (!type.toLowerCase(Locale.ROOT).startsWith("text/event-stream")) {
            String body = redactor.redact(errorBody(response));
            throw new FailureException(new ModelFailure.ProtocolError("expected a text/event-stream answer, got '"
                    + type + "': " + ErrorBodies.shorten(body.strip())));
        }
        try {
            ProgressSink progress = new ProgressSink(sink);
            return readStream(protocol.decoder(progress), progress, response, registry, redactor, answerDeadline);
        } catch (FailureException | RuntimeException e) {
            // The round is abandoned mid-stream (too large, unreadable, a listener failed): close the connection
            // now, so the server sees it at once and nothing reads on to drain the body.
            response.cancel();
            throw e;
        }
    }

    private static String headerOr(HttpExchange response, String name) {
        String value = response.header(name);
        return value == null ? "" : value;
    }

    private RoundEnd readStream(StreamDecoder decoder, ProgressSink progress, HttpExchange source, Registry registry,
                                KeyRedactor redactor, long answerDeadline) throws FailureException {
        // Until the first body byte the first-byte wait still applies: some servers send headers at once and the
        // first token only after thinking. From then on, the idle wait between chunks. Either is cut short by the
        // no-progress deadline, which only content moves.
        long noProgressNanos = noProgressTimeout.toNanos();
        long deadline = nanoTime.getAsLong() + noProgressNanos;
        boolean anyByte = false;
        List<SseEvent> events = new ArrayList<>();
        SseDecoder sse = new SseDecoder(events::add);
        byte[] buffer = new byte[8192];
        while (!decoder.isComplete()) {
            long wait = (anyByte ? idleTimeout : firstByteTimeout).toNanos();
            long now = nanoTime.getAsLong();
            long answerLeft = answerDeadline - now;
            if (answerLeft <= 0) {
                throw new FailureException(wholeAnswerTimeout());
            }
            long left = deadline - now;
            if (left <= 0) {
                throw new FailureException(new ModelFailure.Timeout(ModelFailure.TimeoutKind.NO_PROGRESS,
                        noProgressTimeout));
            }
            boolean answerBinds = answerLeft < Math.min(wait, left);
            boolean stallBinds = !answerBinds && left < wait;
            int n;
            try {
                // Each read waits a positive time (0 would mean forever), at most until the deadline.
                n = source.read(buffer, Math.min(wait, Math.min(left, answerLeft)));
            } catch (IOException e) {
                if (registry.cancelled()) {
                    throw new FailureException(new ModelFailure.Cancelled());
                }
                if (breaksProtocol(e)) {
                    throw new FailureException(new ModelFailure.ProtocolError(redactor.redact(e.getMessage())));
                }
                if (e instanceof SocketTimeoutException || e instanceof InterruptedIOException
                        && "timeout".equals(e.getMessage())) {
                    throw new FailureException(answerBinds ? wholeAnswerTimeout() : stallBinds
                            ? new ModelFailure.Timeout(ModelFailure.TimeoutKind.NO_PROGRESS, noProgressTimeout)
                            : anyByte ? new ModelFailure.Timeout(ModelFailure.TimeoutKind.IDLE, idleTimeout)
                            : new ModelFailure.Timeout(ModelFailure.TimeoutKind.FIRST_BYTE, firstByteTimeout));
                }
                return afterBreak(decoder, redactor.redact("the connection broke mid-answer (" + describe(e) + ")"));
            }
            if (n < 0) {
                break;
            }
            if (n > 0) {
                anyByte = true;
            }
            sse.feed(buffer, 0, n);
            if (sse.overflowed()) {
                throw new FailureException(new ModelFailure.ProtocolError("one stream event passed "
                        + SseDecoder.DEFAULT_MAX_EVENT_BYTES + " bytes without ending"));
            }
            for (SseEvent event : events) {
                if (registry.cancelled()) {
                    throw new FailureException(new ModelFailure.Cancelled());
                }
                decoder.onEvent(event);
                if (decoder.isComplete()) {
                    break;
                }
            }
            events.clear();
            if (progress.takeProgress()) {
                deadline = nanoTime.getAsLong() + noProgressNanos;
            }
        }
        if (registry.cancelled()) {
            throw new FailureException(new ModelFailure.Cancelled());
        }
        return decoder.finish(!decoder.isComplete() && sse.hasPartialEvent());
    }

    private ModelFailure wholeAnswerTimeout() {
        return new ModelFailure.Timeout(ModelFailure.TimeoutKind.WHOLE_ANSWER, wholeAnswerTimeout);
    }

    /**
     * The connection broke. If the provider had already said how the answer ends (a finish reason, a stop reason),
     * the answer is whole and only trailing bytes (usage, {@code [DONE]}) were lost; otherwise it is a cut.
     */
    private static RoundEnd afterBreak(StreamDecoder decoder, String detail) throws FailureException {
        try {
            return decoder.finish(true);
        } catch (FailureException cut) {
            if (cut.failure() instanceof ModelFailure.StreamCut c) {
                throw new FailureException(new ModelFailure.StreamCut(detail + ": " + c.detail()));
            }
            throw cut;
        }
    }

    /**
     * A response that breaks HTTP's framing (a bad status line, a bad chunk size): okhttp's {@link ProtocolException},
     * except the connection closing early, which okhttp reports with the same type and is a cut stream.
     */
    private static boolean breaksProtocol(IOException e) {
        return e instanceof ProtocolException && !"unexpected end of stream".equals(e.getMessage());
    }

    private ModelFailure beforeAnswer(IOException e, KeyRedactor redactor) {
        if (breaksProtocol(e)) {
            return new ModelFailure.ProtocolError(redactor.redact(e.getMessage()));
        }
        String detail = redactor.redact(describe(e));
        if (e instanceof SocketTimeoutException || e instanceof InterruptedIOException
                && "timeout".equals(e.getMessage())) {
            boolean connect = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("connect");
            return connect ? new ModelFailure.Timeout(ModelFailure.TimeoutKind.CONNECT, connectTimeout)
                    : new ModelFailure.Timeout(ModelFailure.TimeoutKind.FIRST_BYTE, firstByteTimeout);
        }
        if (e instanceof ConnectException || e instanceof UnknownHostException || e instanceof NoRouteToHostException
                || e instanceof SSLException) {
            return new ModelFailure.Unreachable(detail);
        }
        return new ModelFailure.StreamCut("the connection closed before the answer began: " + detail);
    }

    /** Passes events on and notes that content arrived (every event a decoder emits is content). */
    private static final class ProgressSink implements EventSink {
        private final EventSink downstream;
        private boolean progressed;

        ProgressSink(EventSink downstream) {
            this.downstream = downstream;
        }

        @Override
        public void accept(ModelEvent event) throws FailureException {
            downstream.accept(event);
            progressed = true;
        }

        /** True when content arrived since the last call. */
        boolean takeProgress() {
            boolean was = progressed;
            progressed = false;
            return was;
        }
    }

    private static String describe(IOException e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    /** The body of an error answer, its first {@link #MAX_ERROR_BODY} bytes, each read within the first-byte wait. */
    private String errorBody(HttpExchange response) {
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            while (body.size() < MAX_ERROR_BODY) {
                int n = response.read(buffer, firstByteTimeout.toNanos());
                if (n < 0) {
                    break;
                }
                body.write(buffer, 0, Math.min(n, MAX_ERROR_BODY - body.size()));
            }
        } catch (IOException e) {
            if (body.size() == 0) {
                return "(the error body could not be read: " + describe(e) + ")";
            }
        }
        return body.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    private void logRequest(WireRequest wire, KeyRedactor redactor) {
        log.fine(() -> {
            StringBuilder headers = new StringBuilder();
            for (Map.Entry<String, String> h : new java.util.TreeMap<>(wire.headers()).entrySet()) {
                boolean secret = wire.secretHeaders().stream().anyMatch(s -> s.equalsIgnoreCase(h.getKey()));
                headers.append(h.getKey()).append(": ").append(secret ? KeyRedactor.MASK : h.getValue()).append("; ");
            }
            return redactor.redact("model request: POST " + wire.url() + " (" + wire.jsonBody().length()
                    + " bytes) " + headers);
        });
        log.finest(() -> redactor.redact("model request body: " + wire.jsonBody()));
    }
}
