package dev.agentls.config;

import java.time.Duration;
import java.util.Objects;

/**
 * The waits of a streamed model call. Three of them measure bytes and catch a dead connection; the fourth measures
 * progress and catches a live connection that delivers nothing: a provider that sends only keep-alives (Anthropic's
 * {@code ping} events, SSE comments, empty deltas) would otherwise hold a call open for ever, since every keep-alive
 * restarts the byte waits. The fifth bounds the whole answer, so a model that drips content just often enough to
 * keep the other waits from firing still ends.
 *
 * @param connect           establishing the connection (TCP and TLS)
 * @param firstByte         from sending the request to the first byte of the response (models think first)
 * @param idleBetweenChunks silence allowed between two chunks of a streaming response
 * @param noProgress        time allowed without answer content, counted from the response's headers and from each
 *                          piece of content; thinking deltas are content, so long visible thinking never trips it
 * @param wholeAnswer       time allowed for one whole answer, all its rounds and retries, from its first request
 */
public record Timeouts(Duration connect, Duration firstByte, Duration idleBetweenChunks, Duration noProgress,
                       Duration wholeAnswer) {

    /** Longer than any pause between content a working model makes, short enough that a stall ends in minutes. */
    public static final Duration DEFAULT_NO_PROGRESS = Duration.ofMinutes(5);

    /** Room for 8k tokens from a slow local model (7 tokens a second), or several continued rounds from a fast one. */
    public static final Duration DEFAULT_WHOLE_ANSWER = Duration.ofMinutes(20);

    public static final Timeouts DEFAULTS = new Timeouts(Duration.ofSeconds(10), Duration.ofSeconds(120),
            Duration.ofSeconds(60), DEFAULT_NO_PROGRESS);

    public Timeouts {
        Objects.requireNonNull(connect, "connect");
        Objects.requireNonNull(firstByte, "firstByte");
        Objects.requireNonNull(idleBetweenChunks, "idleBetweenChunks");
        Objects.requireNonNull(noProgress, "noProgress");
        Objects.requireNonNull(wholeAnswer, "wholeAnswer");
        for (Duration wait : new Duration[] {connect, firstByte, idleBetweenChunks, noProgress, wholeAnswer}) {
            // A zero wait would mean "wait for ever" to the socket layer.
            if (wait.isNegative() || wait.isZero()) {
                throw new IllegalArgumentException("every wait must be positive, got " + wait);
            }
        }
    }

    /** The byte and progress waits, with the default whole-answer bound. */
    public Timeouts(Duration connect, Duration firstByte, Duration idleBetweenChunks, Duration noProgress) {
        this(connect, firstByte, idleBetweenChunks, noProgress, DEFAULT_WHOLE_ANSWER);
    }
}
