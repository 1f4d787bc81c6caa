package dev.agentls.llm;

/**
 * Tokens of one answer. {@code input} counts every prompt token, cached ones included; {@code cached} is the part of
 * {@code input} read from the provider's prompt cache (0 where the provider does not say).
 */
public record TokenUsage(long input, long output, long cached) {

    public static final TokenUsage NONE = new TokenUsage(0, 0, 0);

    public TokenUsage {
        if (input < 0 || output < 0 || cached < 0) {
            throw new IllegalArgumentException("token counts must not be negative");
        }
    }

    public TokenUsage plus(TokenUsage other) {
        return new TokenUsage(input + other.input, output + other.output, cached + other.cached);
    }
}
