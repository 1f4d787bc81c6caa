package dev.agentls.agent;

import dev.agentls.llm.TokenUsage;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;

/**
 * How a run ended: its status, the text that goes with it (the completion's result, or the reason it stopped in
 * words), and what it used. The same facts as its {@code run_finished} event.
 *
 * @param iterations model calls the run made (the edit sub-agent's included)
 * @param cost       empty when the price table does not price the model
 */
public record RunOutcome(String runId, String conversationId, RunStatus status, String text, int iterations,
                         TokenUsage usage, Optional<BigDecimal> cost) {

    public RunOutcome {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(conversationId, "conversationId");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(cost, "cost");
    }
}
