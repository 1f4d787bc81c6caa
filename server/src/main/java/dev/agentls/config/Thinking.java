package dev.agentls.config;

import java.util.Objects;

/**
 * Whether the model is asked to reason before it answers, and how much: nothing is asked by default; Anthropic takes
 * a token budget for its extended thinking ({@code agentls.llm.thinkingBudget}), OpenAI-compatible reasoning models
 * an effort level ({@code agentls.llm.reasoningEffort}). Each form belongs to one provider; {@link LlmSettings}
 * refuses the other.
 */
public sealed interface Thinking {

    /** Nothing about reasoning is sent: the model does what it does by default. */
    Thinking OFF = new Off();

    /** The least budget Anthropic accepts. */
    int MIN_BUDGET_TOKENS = 1024;

    record Off() implements Thinking {
    }

    /**
     * Anthropic's extended thinking with at most {@code tokens} of thinking; they count towards the output limit,
     * which must therefore be larger.
     */
    record Budget(int tokens) implements Thinking {
        public Budget {
            if (tokens < MIN_BUDGET_TOKENS) {
                throw new IllegalArgumentException("a thinking budget needs at least " + MIN_BUDGET_TOKENS
                        + " tokens, got " + tokens);
            }
        }
    }

    /** {@code reasoning_effort} for an OpenAI-compatible reasoning model. */
    record Effort(ReasoningEffort level) implements Thinking {
        public Effort {
            Objects.requireNonNull(level, "level");
        }
    }
}
