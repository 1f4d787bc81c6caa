package dev.agentls.agent;

import dev.agentls.config.AgentSettings;
import dev.agentls.config.ModelPrice;
import dev.agentls.llm.TokenUsage;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * A run's hard spending limit and its running totals. The budget is {@code agent.maxCost} when the price table
 * prices the model (any provider: the cost comes from the table), else {@code agent.maxTokens} (input and output of
 * every call); neither set, no budget. It warns once at 80% and is spent at 100%, and tells how many output tokens
 * the next answer may stream before it would be spent.
 */
final class Budget {

    static final double WARN_AT = 0.8;

    private final Optional<BigDecimal> maxCost;
    private final long maxTokens;
    private final boolean priced;
    private final Optional<ModelPrice> price;
    private TokenUsage used = TokenUsage.NONE;
    private BigDecimal cost = BigDecimal.ZERO;
    private boolean costKnown = true;
    private boolean warned;

    Budget(AgentSettings agent, Optional<ModelPrice> price) {
        this.priced = price.isPresent();
        this.price = price;
        this.maxCost = priced ? agent.maxCost() : Optional.empty();
        this.maxTokens = maxCost.isEmpty() && agent.maxTokens().isPresent() ? agent.maxTokens().getAsLong() : 0;
    }

    /** Why a configured cost budget cannot apply, when it cannot: the model has no price. */
    static Optional<String> unusable(AgentSettings agent, Optional<ModelPrice> price, String model) {
        if (agent.maxCost().isPresent() && price.isEmpty()) {
            return Optional.of("agent.maxCost is set but llm.prices has no price for the model '" + model + "', so"
                    + " the cost cannot be counted" + (agent.maxTokens().isPresent()
                    ? "; agent.maxTokens (" + agent.maxTokens().getAsLong() + ") is the budget instead"
                    : " and the run has no budget"));
        }
        return Optional.empty();
    }

    /** Adds one call's tokens and cost (empty when the client could not price it). */
    synchronized void add(TokenUsage usage, Optional<BigDecimal> callCost) {
        used = used.plus(usage);
        if (callCost.isPresent()) {
            cost = cost.add(callCost.get());
        } else if (!usage.equals(TokenUsage.NONE)) {
            costKnown = false;
        }
    }

    /**
     * Counts an answer stopped before the provider reported its usage: {@code outputTokens} estimated, its input
     * unknown (so the totals are a lower bound).
     */
    synchronized void addEstimatedOutput(long outputTokens) {
        add(new TokenUsage(0, outputTokens, 0), price.map(p -> p.cost(0, 0, outputTokens)));
    }

    /**
     * The output tokens the next answer may stream before the budget is spent (0 when it is); empty without a budget
     * or when output is free.
     */
    synchronized OptionalLong answerAllowance() {
        if (maxCost.isPresent()) {
            BigDecimal perMillion = price.get().outputPerMillion();
            if (perMillion.signum() == 0) {
                return OptionalLong.empty();
            }
            BigDecimal left = maxCost.get().subtract(cost).max(BigDecimal.ZERO);
            return OptionalLong.of(left.multiply(BigDecimal.valueOf(1_000_000))
                    .divide(perMillion, 0, RoundingMode.FLOOR).min(BigDecimal.valueOf(Long.MAX_VALUE)).longValue());
        }
        if (maxTokens > 0) {
            return OptionalLong.of(Math.max(0, maxTokens - used.input() - used.output()));
        }
        return OptionalLong.empty();
    }

    synchronized TokenUsage used() {
        return used;
    }

    /** The run's cost so far; empty when the model is not priced. */
    synchronized Optional<BigDecimal> cost() {
        return priced && costKnown ? Optional.of(cost) : Optional.empty();
    }

    /** The share of the budget used, 0 to 1 and past it; empty without a budget. */
    synchronized OptionalDouble share() {
        if (maxCost.isPresent()) {
            return OptionalDouble.of(cost.divide(maxCost.get(), MathContext.DECIMAL64).doubleValue());
        }
        if (maxTokens > 0) {
            return OptionalDouble.of((double) (used.input() + used.output()) / maxTokens);
        }
        return OptionalDouble.empty();
    }

    /** True once, the first time 80% is passed (and the budget not yet spent). */
    synchronized boolean shouldWarn() {
        OptionalDouble share = share();
        if (!warned && share.isPresent() && share.getAsDouble() >= WARN_AT) {
            warned = true;
            return share.getAsDouble() < 1.0;
        }
        return false;
    }

    synchronized boolean spent() {
        OptionalDouble share = share();
        return share.isPresent() && share.getAsDouble() >= 1.0;
    }

    /** The budget in words: "0.50 (cost)" or "20000 tokens". */
    synchronized String describe() {
        return maxCost.map(max -> "a cost of " + max.toPlainString() + " (" + cost.stripTrailingZeros()
                        .toPlainString() + " used)")
                .orElse(maxTokens + " tokens (" + (used.input() + used.output()) + " used)");
    }
}
