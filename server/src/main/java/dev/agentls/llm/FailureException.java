package dev.agentls.llm;

import java.time.Duration;
import java.util.Optional;

/** Carries a {@link ModelFailure} up through the call's own code; never escapes the package. */
final class FailureException extends Exception {

    private final transient ModelFailure failure;
    private final transient Optional<Duration> retryAfter;

    FailureException(ModelFailure failure) {
        this(failure, Optional.empty());
    }

    /** A failure whose HTTP answer asked for a wait before trying again (Retry-After on a 429 or a 503). */
    FailureException(ModelFailure failure, Optional<Duration> retryAfter) {
        super(failure.message(), null, false, false);
        this.failure = failure;
        this.retryAfter = retryAfter;
    }

    Optional<Duration> retryAfter() {
        return retryAfter;
    }

    ModelFailure failure() {
        return failure;
    }
}
