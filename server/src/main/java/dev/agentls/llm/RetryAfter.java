package dev.agentls.llm;

import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads how long a provider asks us to wait: {@code retry-after-ms} (milliseconds, OpenAI's finer form) wins over
 * {@code Retry-After}, which is either delta-seconds or an HTTP date (RFC 9110), a date in the past meaning now.
 * Anything unreadable counts as not said.
 */
final class RetryAfter {

    private RetryAfter() {}

    static Optional<Duration> parse(Function<String, String> header, Clock clock) {
        String ms = header.apply("retry-after-ms");
        if (ms != null) {
            try {
                double millis = Double.parseDouble(ms.trim());
                if (millis >= 0 && !Double.isInfinite(millis)) {
                    return Optional.of(Duration.ofNanos((long) (millis * 1_000_000)));
                }
            } catch (NumberFormatException ignored) {
                // fall through to Retry-After
            }
        }
        String value = header.apply("retry-after");
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String v = value.trim();
        if (v.chars().allMatch(Character::isDigit) && v.length() < 10) {
            return Optional.of(Duration.ofSeconds(Long.parseLong(v)));
        }
        try {
            ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
            Duration until = Duration.between(clock.instant(), at.toInstant());
            return Optional.of(until.isNegative() ? Duration.ZERO : until);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
