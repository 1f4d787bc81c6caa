package dev.agentls.agent;

import dev.agentls.config.AgentSettings;
import dev.agentls.config.ModelPrice;
import dev.agentls.llm.TokenUsage;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A run's hard spending limit and its running totals. The budget is {@code agent.maxCost} when the price table
 * prices the model (any provider: the cost comes from the table), else {@code agent.maxTokens} (input and output of
 * every call); neither set, no budget. It warns once at 80% and is spent at 100%.
 */
final class Budget {

    static final double WARN_AT = 0.8;

    private final Optional<BigDecimal> maxCost;
    private final long maxTokens;
    private final boolean priced;
    private TokenUsage used = TokenUsage.NONE;
    private BigDecimal cost = BigDecimal.ZERO;
    private boolean costKnown = true;
    private boolean warned;

    Budget(AgentSettings agent, Optional<ModelPrice> price) {
        this.priced = price.isPresent();
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
