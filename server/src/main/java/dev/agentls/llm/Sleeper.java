package dev.agentls.llm;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Waits between retries. Injected so tests record the delays instead of sleeping; the real one wakes early when the
 * call is cancelled ({@code cancelled} counted down).
 */
@FunctionalInterface
public interface Sleeper {

    void sleep(Duration delay, CountDownLatch cancelled) throws InterruptedException;

    /** Waits for real, or until cancelled. */
    static Sleeper real() {
        return (delay, cancelled) -> cancelled.await(delay.toNanos(), TimeUnit.NANOSECONDS);
    }
}
