package dev.agentls.config;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * Settings of the model connection ({@code agentls.llm.*}). The API key is never here: {@code apiKeyEnv} names the
 * environment variable the client reads at call time.
 *
 * @param baseUrl            absolute http(s) URL without credentials, query, fragment or trailing slash
 * @param apiKeyEnv          an environment variable name ({@code [A-Za-z_][A-Za-z0-9_]*})
 * @param maxOutputTokens    the most tokens one answer (one round) may have
 * @param contextWindow      the model's context window in tokens
 * @param continuationRounds how often an answer cut by the output limit is continued (0: never)
 * @param maxTokensField     the request field of the output limit (OpenAI-compatible protocol only)
 * @param maxAnswerChars     the most characters one answer may stream (text, thinking, tool-call arguments, all
 *                           continuation rounds together) before the call is stopped
 * @param thinking           reasoning asked of the model: off, Anthropic's thinking budget (below
 *                           {@code maxOutputTokens}) or an OpenAI-compatible reasoning effort
 */
public record LlmSettings(
        Provider provider,
        URI baseUrl,
        String model,
        String apiKeyEnv,
        ToolMode toolMode,
        int maxOutputTokens,
        int contextWindow,
        SafeZone safeZone,
        Timeouts timeouts,
        RetryPolicy retries,
        int continuationRounds,
        PriceTable prices,
        MaxTokensField maxTokensField,
        int maxAnswerChars,
        Thinking thinking) {

    public static final int DEFAULT_MAX_OUTPUT_TOKENS = 8192;
    public static final int DEFAULT_CONTEXT_WINDOW = 128_000;
    public static final SafeZone DEFAULT_SAFE_ZONE = new SafeZone.Fraction(0.8);
    public static final int DEFAULT_CONTINUATION_ROUNDS = 3;
    /** Several times the longest answer a model gives in one call with its continuations (about 2m characters). */
    public static final int DEFAULT_MAX_ANSWER_CHARS = 8_000_000;

    public LlmSettings {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(apiKeyEnv, "apiKeyEnv");
        Objects.requireNonNull(toolMode, "toolMode");
        Objects.requireNonNull(safeZone, "safeZone");
        Objects.requireNonNull(timeouts, "timeouts");
        Objects.requireNonNull(retries, "retries");
        Objects.requireNonNull(prices, "prices");
        Objects.requireNonNull(maxTokensField, "maxTokensField");
        Objects.requireNonNull(thinking, "thinking");
        if (maxOutputTokens < 1 || contextWindow < 1 || continuationRounds < 0 || maxAnswerChars < 1) {
            throw new IllegalArgumentException("token and size limits must be positive and continuation rounds not"
                    + " negative");
        }
        if (thinking instanceof Thinking.Budget b) {
            if (provider != Provider.ANTHROPIC) {
                throw new IllegalArgumentException("a thinking budget is for the anthropic provider");
            }
            if (b.tokens() >= maxOutputTokens) {
                throw new IllegalArgumentException("the thinking budget (" + b.tokens() + ") must be below the output"
                        + " limit (" + maxOutputTokens + ")");
            }
        }
        if (thinking instanceof Thinking.Effort && provider != Provider.OPENAI) {
            throw new IllegalArgumentException("a reasoning effort is for the openai provider");
        }
    }

    /** Every default for this provider: its base URL, key variable and model, and the built-in price table. */
    public static LlmSettings defaults(Provider provider) {
        return new LlmSettings(provider, provider.defaultBaseUrl(), provider.defaultModel(),
                provider.defaultApiKeyEnv(), ToolMode.NATIVE, DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_CONTEXT_WINDOW,
                DEFAULT_SAFE_ZONE, Timeouts.DEFAULTS, RetryPolicy.DEFAULTS, DEFAULT_CONTINUATION_ROUNDS,
                BuiltInPrices.shipped().table(), MaxTokensField.AUTO, DEFAULT_MAX_ANSWER_CHARS, Thinking.OFF);
    }

    /** The safe zone in tokens for this model's context window. */
    public int safeZoneTokens() {
        return safeZone.resolveTokens(contextWindow);
    }

    /** The price of the configured model, if the table has it. */
    public Optional<ModelPrice> price() {
        return prices.forModel(model);
    }
}
