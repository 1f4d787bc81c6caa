package dev.agentls.config;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Settings of the agent loop ({@code agentls.agent.*}).
 *
 * @param maxIterations model calls one run may make before it stops with {@code max_iterations}, at least 1
 * @param maxCost       the most one run may cost, in the currency units of the price table; counts only when the
 *                      table prices the configured model, else {@code maxTokens} is the budget
 * @param maxTokens     the most tokens (input and output of every call together) one run may use, when no cost
 *                      budget applies
 * @param maxConsecutiveMistakes answers in a row without a usable tool call (no call, a malformed or unknown one)
 *                      before the run asks the user whether to go on, or ends {@code failed} when no one answers
 */
public record AgentSettings(int maxIterations, Optional<BigDecimal> maxCost, OptionalLong maxTokens,
                            int maxConsecutiveMistakes) {

    public static final int DEFAULT_MAX_CONSECUTIVE_MISTAKES = 3;
    public static final AgentSettings DEFAULTS = new AgentSettings(25);

    public AgentSettings {
        Objects.requireNonNull(maxCost, "maxCost");
        Objects.requireNonNull(maxTokens, "maxTokens");
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be at least 1, got " + maxIterations);
        }
        if (maxCost.isPresent() && maxCost.get().signum() <= 0) {
            throw new IllegalArgumentException("maxCost must be positive, got " + maxCost.get());
        }
        if (maxTokens.isPresent() && maxTokens.getAsLong() < 1) {
            throw new IllegalArgumentException("maxTokens must be at least 1, got " + maxTokens.getAsLong());
        }
        if (maxConsecutiveMistakes < 1) {
            throw new IllegalArgumentException("maxConsecutiveMistakes must be at least 1, got "
                    + maxConsecutiveMistakes);
        }
    }

    /** These limits, with the default bound on consecutive mistakes. */
    public AgentSettings(int maxIterations, Optional<BigDecimal> maxCost, OptionalLong maxTokens) {
        this(maxIterations, maxCost, maxTokens, DEFAULT_MAX_CONSECUTIVE_MISTAKES);
    }

    /** Only an iteration limit: no cost or token budget. */
    public AgentSettings(int maxIterations) {
        this(maxIterations, Optional.empty(), OptionalLong.empty());
    }
}
