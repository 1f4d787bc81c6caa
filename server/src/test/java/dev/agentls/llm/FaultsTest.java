package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.LlmSettings;
import dev.agentls.config.Timeouts;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every fault the scripted model can inject, through the real client, for the OpenAI-compatible protocol.
 */
@Tag("slow")
class FaultsTest {

    private static final String OK = """
            {"type":"response"}
            {"type":"sse","data":{"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":null}]}}
            {"type":"sse","data":{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}}
            {"type":"sse","data":"[DONE]"}
            """;

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private static String error(int status, String headers, String body) {
        return "{\"type\":\"response\",\"status\":" + status + ",\"headers\":{\"Content-Type\":\"application/json\""
                + headers + "}}\n{\"type\":\"raw\",\"text\":" + quote(body) + "}\n";
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static final String RATE_BODY = "{\"error\":{\"message\":\"Rate limit reached for gpt-4o\",\"type\":\"requests\",\"code\":\"rate_limit_exceeded\"}}";

    @Test
    void retriesA429AfterTheRetryAfterSecondsAndReportsTheRetry() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromText(error(429, ",\"Retry-After\":\"3\"", RATE_BODY) + OK)) {
            ModelOutcome outcome = h.run(Harness.openai(model), Harness.ask("hi"));

            assertEquals(List.of(new ModelEvent.Retrying(2, Duration.ofSeconds(3), new ModelFailure.RateLimited(
                    Optional.of(Duration.ofSeconds(3)), "Rate limit reached for gpt-4o"))), h.all(ModelEvent.Retrying.class));
            assertEquals(h.events.get(0), h.all(ModelEvent.Retrying.class).get(0), "the retry comes before the answer");
            assertEquals(List.of(Duration.ofSeconds(3)), h.sleeps);
            assertEquals("ok", h.text());
            assertInstanceOf(ModelOutcome.Completed.class, outcome);
            model.assertAllConsumed();
        }
    }

    @Test
    void prefersRetryAfterMsAndReadsAnHttpDate() throws Exception {
        String script = error(429, ",\"retry-after-ms\":\"1500\",\"Retry-After\":\"2\"", RATE_BODY)
                + error(429, ",\"Retry-After\":\"Sun, 22 Nov 2026 12:00:04 GMT\"", RATE_BODY) + OK;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            h.run(Harness.openai(model), Harness.ask("hi"));

            assertEquals(List.of(Duration.ofMillis(1500), Duration.ofSeconds(4)), h.sleeps);
            model.assertAllConsumed();
        }
    }

    @Test
    void honoursRetryAfterOnA503Too() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromText(
                error(503, ",\"Retry-After\":\"4\"", "{\"error\":{\"message\":\"maintenance\"}}") + OK)) {
            h.run(Harness.openai(model), Harness.ask("hi"));

            assertEquals(List.of(new ModelEvent.Retrying(2, Duration.ofSeconds(4), new ModelFailure.ServerError(503,
                    "maintenance"))), h.all(ModelEvent.Retrying.class));
            assertEquals(List.of(Duration.ofSeconds(4)), h.sleeps);
            model.assertAllConsumed();
        }
    }

    @Test
    void givesUpAtOnceWhenRetryAfterExceedsTheMaximumDelay() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromText(error(429, ",\"Retry-After\":\"120\"", RATE_BODY))) {
            ModelFailure failure = Harness.failure(h.run(Harness.openai(model), Harness.ask("hi")));

            assertEquals(new ModelFailure.RateLimited(Optional.of(Duration.ofSeconds(120)), "Rate limit reached for gpt-4o"), failure);
            assertTrue(failure.message().contains("retry after 120000 ms"), failure.message());
            assertTrue(h.sleeps.isEmpty());
            model.assertAllConsumed();
        }
    }

    @Test
    void retries500And529WithGrowingJitteredBackoffThenFailsWithTheLastError() throws Exception {
        String script = error(500, "", "{\"error\":{\"message\":\"boom 1\"}}")
                + error(529, "", "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}")
                + error(502, "", "<html>Bad gateway</html>")
                + error(503, "", "{\"error\":{\"message\":\"boom 4\"}}");
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure failure = Harness.failure(h.run(Harness.openai(model), Harness.ask("hi")));

            assertEquals(new ModelFailure.ServerError(503, "boom 4"), failure);
            List<ModelEvent.Retrying> retries = h.all(ModelEvent.Retrying.class);
            assertEquals(List.of(2, 3, 4), retries.stream().map(ModelEvent.Retrying::attempt).toList());
            assertEquals(new ModelFailure.ServerError(500, "boom 1"), retries.get(0).cause());
            assertEquals(new ModelFailure.ServerError(529, "Overloaded"), retries.get(1).cause());
            assertEquals(new ModelFailure.ServerError(502, "<html>Bad gateway</html>"), retries.get(2).cause());
            // base 500 ms, doubling, each a random point in the upper half of its step
            long[][] bounds = {{250, 500}, {500, 1000}, {1000, 2000}};
            for (int i = 0; i < 3; i++) {
                long ms = h.sleeps.get(i).toMillis();
                assertTrue(ms >= bounds[i][0] && ms <= bounds[i][1], "sleep " + i + " was " + ms);
            }
            model.assertAllConsumed();
        }
    }

    @Test
    void unauthorizedAndBadRequestAreNotRetriedAndCarryTheProvidersMessage() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromText(
                error(401, "", "{\"error\":{\"message\":\"Incorrect API key provided\",\"type\":\"invalid_request_error\"}}"))) {
            ModelFailure failure = Harness.failure(h.run(Harness.openai(model), Harness.ask("hi")));
            assertEquals(new ModelFailure.Unauthorized(401, "Incorrect API key provided"), failure);
            model.assertAllConsumed();
        }
        try (ScriptedModel model = ScriptedModel.fromText(
                error(400, "", "{\"error\":{\"message\":\"max_tokens is too large: 999999\",\"type\":\"invalid_request_error\"}}"))) {
            ModelFailure failure = Harness.failure(h.run(Harness.openai(model), Harness.ask("hi")));
            assertEquals(new ModelFailure.BadRequest(400, "max_tokens is too large: 999999"), failure);
            assertEquals("the provider rejected the request (HTTP 400): max_tokens is too large: 999999", failure.message());
            assertTrue(h.sleeps.isEmpty());
            model.assertAllConsumed();
        }
    }

    @Test
    void aStreamCutMidFrameAfterTextIsAnErrorAndNeverReplayed() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"content":"Partial"},"finish_reason":null}]}}
                {"type":"raw","text":"data: {\\"choices\\":[{\\"index\\":0,\\"del"}
                {"type":"cut"}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure failure = Harness.failure(h.run(Harness.openai(model), Harness.ask("hi")));

            assertInstanceOf(ModelFailure.StreamCut.class, failure);
            assertEquals("Partial", h.text());
            assertTrue(h.all(ModelEvent.Retrying.class).isEmpty());
            assertTrue(h.all(ModelEvent.Finished.class).isEmpty());
            model.assertAllConsumed();
        }
    }

    @Test
    void aStreamThatEndsCleanlyMidFrameWithoutFinishReasonIsACut() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"content":"Partial"},"finish_reason":null}]}}
                {"type":"raw","text":"data: {\\"choices\\""}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure.StreamCut cut = assertInstanceOf(ModelFailure.StreamCut.class,
                    Harness.failure(h.run(Harness.openai(model), Harness.ask("hi"))));
            assertEquals("the stream ended without a finish_reason, in the middle of an event", cut.detail());
        }
    }

    @Test
    void aConnectionBreakingAfterTheFinishReasonLosesOnlyTheTrailerNotTheAnswer() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"content":"whole"},"finish_reason":"stop"}]}}
                {"type":"raw","text":"data: {\\"usage\\":"}
                {"type":"cut"}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelOutcome outcome = h.run(Harness.openai(model), Harness.ask("hi"));
            assertEquals(new ModelOutcome.Completed(FinishReason.STOP, Optional.empty(), Optional.empty()), outcome);
            assertEquals("whole", h.text());
        }
    }

    @Test
    void headersAtOnceButNoBodyWithinTheFirstByteTimeoutIsAFirstByteTimeout() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","delayMs":3000,"data":{"choices":[{"index":0,"delta":{"content":"late"},"finish_reason":"stop"}]}}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            LlmSettings settings = withTimeouts(Harness.openai(model), Duration.ofMillis(300), Duration.ofSeconds(10));
            ModelFailure failure = Harness.failure(h.run(settings, Harness.ask("hi")));
            assertEquals(new ModelFailure.Timeout(ModelFailure.TimeoutKind.FIRST_BYTE, Duration.ofMillis(300)), failure);
            assertEquals("no first byte of the answer within 300 ms (agentls.llm.timeouts.firstByte)",
                    failure.message());
        }
    }

    @Test
    void toleratesGarbageLinesCommentsAndCrLfFramingAsTheSseSpecSays() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"raw","text":": OPENROUTER PROCESSING\\r\\n\\r\\n"}
                {"type":"raw","text":"this line is garbage\\r\\n"}
                {"type":"raw","text":"data: {\\"choices\\":[{\\"index\\":0,\\"delta\\":{\\"content\\":\\"fine\\"},\\"finish_reason\\":\\"stop\\"}]}\\r\\n\\r\\n"}
                {"type":"raw","text":"data: [DONE]\\r\\n\\r\\n"}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            assertInstanceOf(ModelOutcome.Completed.class, h.run(Harness.openai(model), Harness.ask("hi")));
            assertEquals("fine", h.text());
            model.assertAllConsumed();
        }
    }

    @Test
    void invalidJsonInAnEventIsAProtocolErrorQuotingIt() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"raw","text":"data: {\\"choices\\": [oops\\n\\n"}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure failure = Harness.failure(h.run(Harness.openai(model), Harness.ask("hi")));
            assertEquals(new ModelFailure.ProtocolError("a stream event is not valid JSON: {\"choices\": [oops"), failure);
            model.assertAllConsumed();
        }
    }

    @Test
    void aWrongContentTypeIsAProtocolErrorNamingItAndTheBody() throws Exception {
        String script = """
                {"type":"response","headers":{"Content-Type":"text/html"}}
                {"type":"raw","text":"<html>Sign in to continue</html>"}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure failure = Harness.failure(h.run(Harness.openai(model), Harness.ask("hi")));
            assertEquals(new ModelFailure.ProtocolError(
                    "expected a text/event-stream answer, got 'text/html': <html>Sign in to continue</html>"), failure);
            model.assertAllConsumed();
        }
    }

    @Test
    void slowChunksWithinTheIdleTimeoutAreFine() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","delayMs":150,"data":{"choices":[{"index":0,"delta":{"content":"slow"},"finish_reason":null}]}}
                {"type":"sse","delayMs":150,"data":{"choices":[{"index":0,"delta":{"content":"ly"},"finish_reason":"stop"}]}}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            LlmSettings settings = withTimeouts(Harness.openai(model), Duration.ofSeconds(10), Duration.ofSeconds(5));
            assertInstanceOf(ModelOutcome.Completed.class, h.run(settings, Harness.ask("hi")));
            assertEquals("slowly", h.text());
        }
    }

    @Test
    void silenceBetweenChunksLongerThanTheIdleTimeoutFailsWithIdleTimeout() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"content":"then"},"finish_reason":null}]}}
                {"type":"sse","delayMs":3000,"data":{"choices":[{"index":0,"delta":{"content":" silence"},"finish_reason":"stop"}]}}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            LlmSettings settings = withTimeouts(Harness.openai(model), Duration.ofSeconds(10), Duration.ofMillis(300));
            ModelFailure failure = Harness.failure(h.run(settings, Harness.ask("hi")));
            assertEquals(new ModelFailure.Timeout(ModelFailure.TimeoutKind.IDLE, Duration.ofMillis(300)), failure);
            assertEquals("no chunk after a pause in the stream within 300 ms (agentls.llm.timeouts.idleBetweenChunks)",
                    failure.message());
            assertEquals("then", h.text());
        }
    }

    @Test
    void noResponseWithinTheFirstByteTimeoutFailsWithFirstByteTimeout() throws Exception {
        String script = """
                {"type":"response","delayMs":3000}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"content":"late"},"finish_reason":"stop"}]}}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            LlmSettings settings = withTimeouts(Harness.openai(model), Duration.ofMillis(300), Duration.ofSeconds(10));
            ModelFailure failure = Harness.failure(h.run(settings, Harness.ask("hi")));
            assertEquals(new ModelFailure.Timeout(ModelFailure.TimeoutKind.FIRST_BYTE, Duration.ofMillis(300)), failure);
            assertTrue(h.events.isEmpty());
        }
    }

    @Test
    void aMissingKeyIsRefusedBeforeAnyRequestForARemoteBaseUrl() throws Exception {
        h.env.clear();
        LlmSettings settings = Harness.settings(dev.agentls.config.Provider.OPENAI, java.net.URI.create("https://api.example.invalid/v1"));
        ModelFailure failure = Harness.failure(h.run(settings, Harness.ask("hi")));
        assertEquals(new ModelFailure.Unauthorized(0, "the environment variable AGENTLS_TEST_KEY (llm.apiKeyEnv)"
                + " that should hold the API key is not set"), failure);
    }

    @Test
    void aLoopbackServerWithoutKeyGetsNoAuthorizationHeader() throws Exception {
        h.env.clear();
        try (ScriptedModel model = ScriptedModel.fromText(OK)) {
            assertInstanceOf(ModelOutcome.Completed.class, h.run(Harness.openai(model), Harness.ask("hi")));
            assertEquals(null, model.requests().get(0).getHeaders().get("Authorization"));
        }
    }

    private static LlmSettings withTimeouts(LlmSettings s, Duration firstByte, Duration idle) {
        return new LlmSettings(s.provider(), s.baseUrl(), s.model(), s.apiKeyEnv(), s.toolMode(), s.maxOutputTokens(),
                s.contextWindow(), s.safeZone(), new Timeouts(Duration.ofSeconds(5), firstByte, idle,
                        Duration.ofSeconds(30)), s.retries(),
                s.continuationRounds(), s.prices(), s.maxTokensField(), s.maxAnswerChars(), s.thinking());
    }
}
