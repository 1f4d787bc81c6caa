package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.RetryPolicy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RetryRulesTest {

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-22T12:00:00Z"), ZoneOffset.UTC);

    private Optional<Duration> retryAfter(Map<String, String> headers) {
        return RetryAfter.parse(name -> headers.get(name), clock);
    }

    @Test
    void readsRetryAfterAsSecondsDateOrMillisecondsAndIgnoresGarbage() {
        assertEquals(Optional.of(Duration.ofSeconds(7)), retryAfter(Map.of("retry-after", " 7 ")));
        assertEquals(Optional.of(Duration.ofSeconds(30)), retryAfter(Map.of("retry-after", "Sun, 22 Nov 2026 12:00:30 GMT")));
        assertEquals(Optional.of(Duration.ZERO), retryAfter(Map.of("retry-after", "Sun, 22 Nov 2026 11:00:00 GMT")));
        assertEquals(Optional.of(Duration.ofNanos(250_500_000)), retryAfter(Map.of("retry-after-ms", "250.5", "retry-after", "9")));
        assertEquals(Optional.of(Duration.ofSeconds(9)), retryAfter(Map.of("retry-after-ms", "soon", "retry-after", "9")));
        assertEquals(Optional.empty(), retryAfter(Map.of("retry-after", "tomorrow")));
        assertEquals(Optional.empty(), retryAfter(Map.of("retry-after", "-5")));
        assertEquals(Optional.empty(), retryAfter(Map.of()));
    }

    @Test
    void backsOffExponentiallyWithJitterUpToTheCapAndStopsAfterTheLastAttempt() {
        Backoff backoff = new Backoff(new RetryPolicy(6, Duration.ofMillis(1000), Duration.ofMillis(5000)), new Random(3));
        long[][] bounds = {{500, 1000}, {1000, 2000}, {2000, 4000}, {2500, 5000}, {2500, 5000}};
        for (int attempt = 1; attempt <= 5; attempt++) {
            long ms = backoff.delayAfter(attempt, Optional.empty()).orElseThrow().toMillis();
            assertTrue(ms >= bounds[attempt - 1][0] && ms <= bounds[attempt - 1][1], "attempt " + attempt + ": " + ms);
        }
        assertEquals(Optional.empty(), backoff.delayAfter(6, Optional.empty()));
    }

    @Test
    void honoursARequestedDelayUpToTheCapAndGivesUpBeyondIt() {
        Backoff backoff = new Backoff(new RetryPolicy(3, Duration.ofMillis(100), Duration.ofSeconds(10)), new Random(3));
        assertEquals(Optional.of(Duration.ofSeconds(10)), backoff.delayAfter(1, Optional.of(Duration.ofSeconds(10))));
        assertEquals(Optional.empty(), backoff.delayAfter(1, Optional.of(Duration.ofSeconds(11))));
        assertEquals(Optional.empty(), backoff.delayAfter(3, Optional.of(Duration.ofSeconds(1))), "no attempts left");
    }

    @Test
    void readsTheMessageOutOfEachProvidersErrorBody() {
        ObjectMapper json = WireJson.mapper();
        assertEquals(new ErrorBodies.ProviderError("model 'x' not found", ""), ErrorBodies.read(json, "{\"error\":\"model 'x' not found\"}"));
        assertEquals(new ErrorBodies.ProviderError("Overloaded", "overloaded_error"),
                ErrorBodies.read(json, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}"));
        assertEquals("max_tokens must be at least 1", ErrorBodies.read(json, "{\"detail\":\"max_tokens must be at least 1\"}").message());
        assertEquals("[{\"loc\":[\"body\"]}]", ErrorBodies.read(json, "{\"detail\":[{\"loc\":[\"body\"]}]}").message());
        assertEquals("upstream timed out", ErrorBodies.read(json, "  upstream timed out\n").message());
        String huge = "x".repeat(2000);
        assertEquals("x".repeat(500) + "... (2000 chars)", ErrorBodies.read(json, huge).message());
    }
}
