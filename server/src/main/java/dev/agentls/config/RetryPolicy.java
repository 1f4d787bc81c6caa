package dev.agentls.config;

import java.time.Duration;
import java.util.Objects;

/**
 * Retrying 429 and 5xx answers before any event reached the consumer: capped exponential backoff from
 * {@code baseDelay} up to {@code maxDelay}, honouring the server's Retry-After where given.
 *
 * @param maxAttempts total attempts including the first, at least 1 (1 means no retry)
 */
public record RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay) {

    public static final RetryPolicy DEFAULTS = new RetryPolicy(4, Duration.ofSeconds(1), Duration.ofSeconds(30));

    public RetryPolicy {
        Objects.requireNonNull(baseDelay, "baseDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
        }
        if (baseDelay.isNegative() || maxDelay.compareTo(baseDelay) < 0) {
            throw new IllegalArgumentException("need 0 <= baseDelay <= maxDelay, got " + baseDelay + ", " + maxDelay);
        }
    }
}
