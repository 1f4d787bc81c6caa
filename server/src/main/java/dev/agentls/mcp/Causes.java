package dev.agentls.mcp;

import java.time.Duration;

/** A failure's cause as the SDK wraps it, found and put in bounded words for messages naming a server. */
final class Causes {

    private static final int MAX_CAUSE_CHARS = 500;

    private Causes() {}

    /** The cause under the wrappers that say nothing (completion, execution, a bare RuntimeException). */
    static Throwable root(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof java.util.concurrent.CompletionException
                || cause instanceof java.util.concurrent.ExecutionException
                || (cause instanceof RuntimeException && cause.getClass() == RuntimeException.class))
                && cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** A cause in words, bounded: an HTTP server's error page is quoted by the SDK, and it may be anything. */
    static String describe(Throwable cause) {
        String message = cause.getMessage();
        if (message == null || message.isBlank()) {
            return cause instanceof java.net.ConnectException ? "could not connect (ConnectException)"
                    : cause.getClass().getSimpleName();
        }
        return message.length() > MAX_CAUSE_CHARS ? message.substring(0, MAX_CAUSE_CHARS) + "\u2026 ("
                + message.length() + " characters)" : message;
    }

    static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }
}
