package dev.agentls.llm;

import dev.agentls.config.RetryPolicy;
import java.time.Duration;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Chooses the wait before the next attempt: capped exponential backoff with jitter (a random point in the upper half
 * of the step, so clients that failed together spread out), or exactly what the provider asked for. A requested wait
 * longer than {@code maxDelay} is not honoured by sleeping: the call gives up and reports it, since a run that hangs
 * for minutes helps nobody.
 */
final class Backoff {

    private final RetryPolicy policy;
    private final RandomGenerator random;

    Backoff(RetryPolicy policy, RandomGenerator random) {
        this.policy = policy;
        this.random = random;
    }

    /** The wait after failed attempt {@code attempt} (1-based), or empty to give up. */
    Optional<Duration> delayAfter(int attempt, Optional<Duration> requested) {
        if (attempt >= policy.maxAttempts()) {
            return Optional.empty();
        }
        if (requested.isPresent()) {
            return requested.get().compareTo(policy.maxDelay()) > 0 ? Optional.empty() : requested;
        }
        long base = policy.baseDelay().toMillis();
        long cap = policy.maxDelay().toMillis();
        long step = base << Math.min(attempt - 1, 30);
        if (step <= 0 || step > cap) {
            step = cap;
        }
        long half = step / 2;
        return Optional.of(Duration.ofMillis(half + (long) (random.nextDouble() * (step - half))));
    }
}
