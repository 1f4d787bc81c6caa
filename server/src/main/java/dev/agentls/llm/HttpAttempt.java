package dev.agentls.llm;

import dev.agentls.config.Timeouts;
import dev.agentls.llm.sse.SseDecoder;
import dev.agentls.llm.sse.SseEvent;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.net.ssl.SSLException;
import java.util.concurrent.ConcurrentHashMap;
import okhttp3.Call;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSource;

/**
 * One HTTP attempt of one round: sends the request, turns an error status into its failure, checks the content
 * type, and reads the event stream into the protocol's decoder until the decoder says the answer is complete or the
 * stream ends. The first-byte wait is the read timeout until the first body byte (headers included); from then on
 * the body's read timeout is the idle wait between chunks. Both count bytes, so a keep-alive restarts them; the
 * no-progress wait counts content instead (any event the decoder emits: text, thinking, tool calls), from the
 * response's headers and from each read that brought content, and each read waits at most until its deadline. A
 * round that fails mid-stream, a stall included, has its connection closed at once. Owns nothing past the attempt;
 * logs only redacted text.
 */
final class HttpAttempt {

    private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");
    private static final int MAX_ERROR_BODY = 64 * 1024;

    private final OkHttpClient http;
    private final Clock clock;
    private final Duration idleTimeout;
    private final Duration firstByteTimeout;
    private final Duration connectTimeout;
    private final Duration noProgressTimeout;
    private final LongSupplier nanoTime;
    private final Logger log;
    private final Map<String, HttpUrl> urls = new ConcurrentHashMap<>();

    /**
     * @param clock    reads the dates of {@code Retry-After}
     * @param nanoTime a monotonic clock in nanoseconds ({@code System::nanoTime}) measuring the no-progress wait
     */
    HttpAttempt(OkHttpClient http, Clock clock, LongSupplier nanoTime, Timeouts timeouts, Logger log) {
        this.http = http;
        this.clock = clock;
        this.nanoTime = nanoTime;
        this.connectTimeout = timeouts.connect();
        this.firstByteTimeout = timeouts.firstByte();
        this.idleTimeout = timeouts.idleBetweenChunks();
        this.noProgressTimeout = timeouts.noProgress();
        this.log = log;
    }

    /**
     * Parses {@code url} for the requests to come: okhttp's first URL (its host mapping and Unicode normalisation
     * tables) is a few milliseconds of a fresh JVM, better spent while the client is built than on the first
     * request's way. A URL that does not parse is left to that request, which reports it as before.
     */
    void prepare(String url) {
        try {
            url(url);
        } catch (IllegalArgumentException e) {
            log.fine(() -> "the model URL does not parse: " + e.getMessage());
        }
    }

    private HttpUrl url(String url) {
        // One entry per endpoint: a client talks to one.
        return urls.computeIfAbsent(url, HttpUrl::get);
    }

    /** The handle through which {@link StreamingCall#cancel()} reaches the attempt under way. */
    interface Registry {
        /** Records the call under way; answers false when the call was already cancelled (then it is not sent). */
        boolean register(Call call);

        boolean cancelled();
    }

    RoundEnd run(WireProtocol protocol, WireRequest wire, KeyRedactor redactor, Registry registry,
                 EventSink sink) throws FailureException {
        Request.Builder builder = new Request.Builder().url(url(wire.url())).post(RequestBody.create(wire.jsonBody(), JSON));
        wire.headers().forEach(builder::header);
        logRequest(wire, redactor);
        Call call = http.newCall(builder.build());
        if (!registry.register(call)) {
            throw new FailureException(new ModelFailure.Cancelled());
        }
        Response response;
        try {
            response = call.execute();
        } catch (IOException e) {
            throw new FailureException(registry.cancelled() ? new ModelFailure.Cancelled() : beforeAnswer(e, redactor));
        }
        try (response) {
            log.fine(() -> "model response: HTTP " + response.code() + " " + response.header("Content-Type", ""));
            if (response.code() < 200 || response.code() > 299) {
                String body = redactor.redact(errorBody(response));
                log.info(() -> "model error: HTTP " + response.code() + ": " + ErrorBodies.shorten(body));
                Optional<Duration> retryAfter = RetryAfter.parse(response::header, clock);
                throw new FailureException(protocol.errorFailure(response.code(), body, retryAfter), retryAfter);
            }
            String type = response.header("Content-Type", "");
            if (!type.toLowerCase(Locale.ROOT).startsWith("text/event-stream")) {
                String body = redactor.redact(errorBody(response));
                throw new FailureException(new ModelFailure.ProtocolError("expected a text/event-stream answer, got '"
                        + type + "': " + ErrorBodies.shorten(body.strip())));
            }
            try {
                ProgressSink progress = new ProgressSink(sink);
                return readStream(protocol.decoder(progress), progress, response.body().source(), registry, redactor);
            } catch (FailureException | RuntimeException e) {
                // The round is abandoned mid-stream (too large, unreadable, a listener failed): close the connection
                // now, so the server sees it at once and okhttp does not read on to drain the body.
                call.cancel();
                throw e;
            }
        }
    }

    private RoundEnd readStream(StreamDecoder decoder, ProgressSink progress, BufferedSource source, Registry registry,
                                KeyRedactor redactor) throws FailureException {
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
            long left = deadline - nanoTime.getAsLong();
            if (left <= 0) {
                throw new FailureException(new ModelFailure.Timeout(ModelFailure.TimeoutKind.NO_PROGRESS,
                        noProgressTimeout));
            }
            boolean stallBinds = left < wait;
            // Set before every read: a positive timeout (0 would mean none), at most until the deadline.
            source.timeout().timeout(Math.min(wait, left), TimeUnit.NANOSECONDS);
            int n;
            try {
                n = source.read(buffer);
            } catch (IOException e) {
                if (registry.cancelled()) {
                    throw new FailureException(new ModelFailure.Cancelled());
                }
                if (e instanceof SocketTimeoutException || e instanceof InterruptedIOException
                        && "timeout".equals(e.getMessage())) {
                    throw new FailureException(stallBinds
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

    private ModelFailure beforeAnswer(IOException e, KeyRedactor redactor) {
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

    private static String errorBody(Response response) {
        try {
            BufferedSource source = response.body().source();
            source.request(MAX_ERROR_BODY);
            long size = Math.min(source.getBuffer().size(), MAX_ERROR_BODY);
            return source.getBuffer().readUtf8(size);
        } catch (IOException e) {
            return "(the error body could not be read: " + describe(e) + ")";
        }
    }

    private void logRequest(WireRequest wire, KeyRedactor redactor) {
        if (!log.isLoggable(Level.FINE)) {
            return;
        }
        StringBuilder headers = new StringBuilder();
        for (Map.Entry<String, String> h : new java.util.TreeMap<>(wire.headers()).entrySet()) {
            boolean secret = wire.secretHeaders().stream().anyMatch(s -> s.equalsIgnoreCase(h.getKey()));
            headers.append(h.getKey()).append(": ").append(secret ? KeyRedactor.MASK : h.getValue()).append("; ");
        }
        log.fine(redactor.redact("model request: POST " + wire.url() + " (" + wire.jsonBody().length()
                + " bytes) " + headers));
        log.finest(() -> redactor.redact("model request body: " + wire.jsonBody()));
    }
}
