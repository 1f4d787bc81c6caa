package dev.agentls.llm;

import dev.agentls.config.LlmSettings;
import dev.agentls.config.MaxTokensField;
import dev.agentls.config.PriceTable;
import dev.agentls.config.Provider;
import dev.agentls.config.RetryPolicy;
import dev.agentls.config.SafeZone;
import dev.agentls.config.Thinking;
import dev.agentls.config.Timeouts;
import dev.agentls.config.ToolMode;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * What the client tests share: settings pointing at a scripted model, a recorded event list, a sleeper that records
 * instead of sleeping, a fixed clock and a made-up environment holding a test key.
 */
final class Harness implements AutoCloseable {

    static final String KEY_ENV = "AGENTLS_TEST_KEY";
    static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");

    final List<ModelEvent> events = new CopyOnWriteArrayList<>();
    final List<Duration> sleeps = new CopyOnWriteArrayList<>();
    final Map<String, String> env = new HashMap<>(Map.of(KEY_ENV, "sk-test-0123456789"));
    final ExecutorService executor = Executors.newCachedThreadPool();
    final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    static LlmSettings settings(Provider provider, URI baseUrl) {
        return new LlmSettings(provider, baseUrl, provider == Provider.ANTHROPIC ? "claude-sonnet-4-5" : "gpt-4o",
                KEY_ENV, ToolMode.NATIVE, 1024, 128_000, new SafeZone.Fraction(0.8),
                new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(20), Duration.ofSeconds(20),
                        Duration.ofSeconds(30)),
                new RetryPolicy(4, Duration.ofMillis(500), Duration.ofSeconds(8)), 2, PriceTable.EMPTY,
                MaxTokensField.AUTO, LlmSettings.DEFAULT_MAX_ANSWER_CHARS, Thinking.OFF);
    }

    /** {@code s} with another answer size limit. */
    static LlmSettings withMaxAnswerChars(LlmSettings s, int maxAnswerChars) {
        return new LlmSettings(s.provider(), s.baseUrl(), s.model(), s.apiKeyEnv(), s.toolMode(), s.maxOutputTokens(),
                s.contextWindow(), s.safeZone(), s.timeouts(), s.retries(), s.continuationRounds(), s.prices(),
                s.maxTokensField(), maxAnswerChars, s.thinking());
    }

    /** {@code s} asking for {@code thinking}, with room for it under {@code maxOutputTokens}. */
    static LlmSettings withThinking(LlmSettings s, int maxOutputTokens, Thinking thinking) {
        return new LlmSettings(s.provider(), s.baseUrl(), s.model(), s.apiKeyEnv(), s.toolMode(), maxOutputTokens,
                s.contextWindow(), s.safeZone(), s.timeouts(), s.retries(), s.continuationRounds(), s.prices(),
                s.maxTokensField(), s.maxAnswerChars(), thinking);
    }

    /** {@code s} with other waits. */
    static LlmSettings withTimeouts(LlmSettings s, Timeouts timeouts) {
        return new LlmSettings(s.provider(), s.baseUrl(), s.model(), s.apiKeyEnv(), s.toolMode(), s.maxOutputTokens(),
                s.contextWindow(), s.safeZone(), timeouts, s.retries(), s.continuationRounds(), s.prices(),
                s.maxTokensField(), s.maxAnswerChars(), s.thinking());
    }

    static LlmSettings openai(ScriptedModel model) {
        return settings(Provider.OPENAI, model.baseUrl("/v1"));
    }

    static LlmSettings anthropic(ScriptedModel model) {
        return settings(Provider.ANTHROPIC, model.baseUrl("/"));
    }

    StreamingModelClient client(LlmSettings settings) {
        Sleeper sleeper = (delay, cancelled) -> sleeps.add(delay);
        return new StreamingModelClient(settings, env::get, clock, sleeper, new Random(7), executor);
    }

    ModelCall start(LlmSettings settings, ModelRequest request) {
        return client(settings).stream(request, events::add);
    }

    ModelOutcome run(LlmSettings settings, ModelRequest request) throws Exception {
        return start(settings, request).outcome().get(30, TimeUnit.SECONDS);
    }

    static ModelRequest ask(String text) {
        return ModelRequest.of(List.of(new ModelMessage.System("You are terse."), new ModelMessage.User(text)),
                List.of());
    }

    String text() {
        StringBuilder b = new StringBuilder();
        events.stream().filter(e -> e instanceof ModelEvent.TextDelta).forEach(e -> b.append(((ModelEvent.TextDelta) e).text()));
        return b.toString();
    }

    String thinking() {
        StringBuilder b = new StringBuilder();
        events.stream().filter(e -> e instanceof ModelEvent.ThinkingDelta).forEach(e -> b.append(((ModelEvent.ThinkingDelta) e).text()));
        return b.toString();
    }

    <T extends ModelEvent> List<T> all(Class<T> kind) {
        return events.stream().filter(kind::isInstance).map(kind::cast).toList();
    }

    static ModelFailure failure(ModelOutcome outcome) {
        if (outcome instanceof ModelOutcome.Failed f) {
            return f.failure();
        }
        throw new AssertionError("expected a failure, got " + outcome);
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
