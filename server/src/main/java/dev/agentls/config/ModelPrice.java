package dev.agentls.config;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * What one model costs, in currency units (USD by convention) per million tokens. Cached input is priced separately
 * because providers bill prompt-cache reads at a discount.
 */
public record ModelPrice(BigDecimal inputPerMillion, BigDecimal outputPerMillion, BigDecimal cachedInputPerMillion) {

    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    public ModelPrice {
        Objects.requireNonNull(inputPerMillion, "inputPerMillion");
        Objects.requireNonNull(outputPerMillion, "outputPerMillion");
        Objects.requireNonNull(cachedInputPerMillion, "cachedInputPerMillion");
        if (inputPerMillion.signum() < 0 || outputPerMillion.signum() < 0 || cachedInputPerMillion.signum() < 0) {
            throw new IllegalArgumentException("prices must not be negative");
        }
    }

    /**
     * The cost of one call. {@code uncachedInputTokens} must not include the cached ones: providers differ (OpenAI's
     * prompt tokens include cached tokens, Anthropic's input tokens do not), so the caller separates them.
     */
    public BigDecimal cost(long uncachedInputTokens, long cachedInputTokens, long outputTokens) {
        BigDecimal total = inputPerMillion.multiply(BigDecimal.valueOf(uncachedInputTokens))
                .add(cachedInputPerMillion.multiply(BigDecimal.valueOf(cachedInputTokens)))
                .add(outputPerMillion.multiply(BigDecimal.valueOf(outputTokens)));
        return total.divide(MILLION, 10, RoundingMode.HALF_EVEN).stripTrailingZeros();
    }
}
