package dev.agentls.llm;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;

/**
 * How a call ended: the same facts as its last events, for a consumer that only awaits the end. Usage is empty when
 * the provider reported none (several compatible servers do not).
 */
public sealed interface ModelOutcome {

    record Completed(FinishReason reason, Optional<TokenUsage> usage, Optional<BigDecimal> cost) implements ModelOutcome {
        public Completed {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(usage, "usage");
            Objects.requireNonNull(cost, "cost");
        }
    }

    record Failed(ModelFailure failure) implements ModelOutcome {
        public Failed {
            Objects.requireNonNull(failure, "failure");
        }
    }
}
