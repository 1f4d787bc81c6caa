package dev.agentls.conversation;

import dev.agentls.llm.TokenUsage;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One run of a conversation once it ended: its mode and status by name ({@code direct}, {@code completed}...), what
 * it used and cost (empty when the model is not priced), and when it started and ended.
 */
public record RunRecord(String runId, String mode, String status, TokenUsage usage, Optional<BigDecimal> cost,
                        Instant started, Instant ended) {
    public RunRecord {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(cost, "cost");
        Objects.requireNonNull(started, "started");
        Objects.requireNonNull(ended, "ended");
    }
}
