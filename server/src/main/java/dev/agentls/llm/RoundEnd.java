package dev.agentls.llm;

import java.util.Optional;

/**
 * How one HTTP round of an answer ended: the reason, the usage if the provider reported it, the answer text of this
 * round (the prefix for a continuation) and whether the round made tool calls (which are never continued).
 */
record RoundEnd(FinishReason reason, String providerReason, Optional<TokenUsage> usage, String text,
                boolean madeToolCalls) {
}
