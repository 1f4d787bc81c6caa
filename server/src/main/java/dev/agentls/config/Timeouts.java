package dev.agentls.config;

import java.time.Duration;
import java.util.Objects;

/**
 * The three waits of a streamed model call. There is deliberately no timeout for the whole call: a long answer that
 * keeps streaming is healthy.
 *
 * @param connect           establishing the connection (TCP and TLS)
 * @param firstByte         from sending the request to the first byte of the response (models think first)
 * @param idleBetweenChunks silence allowed between two chunks of a streaming response
 */
public record Timeouts(Duration connect, Duration firstByte, Duration idleBetweenChunks) {

    public static final Timeouts DEFAULTS =
            new Timeouts(Duration.ofSeconds(10), Duration.ofSeconds(120), Duration.ofSeconds(60));

    public Timeouts {
        Objects.requireNonNull(connect, "connect");
        Objects.requireNonNull(firstByte, "firstByte");
        Objects.requireNonNull(idleBetweenChunks, "idleBetweenChunks");
    }
}
