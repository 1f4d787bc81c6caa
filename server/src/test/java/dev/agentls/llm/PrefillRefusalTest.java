package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.config.LlmSettings;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Continuing a cut Anthropic answer for models that refuse an assistant prefill. Claude 4.6 and later answer a request
 * ending with an assistant message with HTTP 400 "This model does not support assistant message prefill. The
 * conversation must end with a user message." (https://github.com/langchain-ai/deepagents/issues/1585,
 * https://github.com/agenticloops-ai/agentic-ai-engineering/issues/43, the same for Sonnet 4.6 in
 * https://github.com/cortexkit/magic-context/issues/511).
 */
class PrefillRefusalTest {

    private static final String REFUSAL = "{\"type\":\"response\",\"status\":400,\"headers\":{\"Content-Type\":"
            + "\"application/json\"}}\n{\"type\":\"raw\",\"text\":\"{\\\"type\\\":\\\"error\\\",\\\"error\\\":{"
            + "\\\"type\\\":\\\"invalid_request_error\\\",\\\"message\\\":\\\"This model does not support assistant"
            + " message prefill. The conversation must end with a user message.\\\"}}\"}\n";

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private static String round(String text, String stop) {
        return """
                {"type":"response"}
                {"type":"sse","event":"message_start","data":{"type":"message_start","message":{"usage":{"input_tokens":10,"output_tokens":1}}}}
                {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}}
                {"type":"sse","event":"content_block_delta","data":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"TEXT"}}}
                {"type":"sse","event":"content_block_stop","data":{"type":"content_block_stop","index":0}}
                {"type":"sse","event":"message_delta","data":{"type":"message_delta","delta":{"stop_reason":"STOP"},"usage":{"output_tokens":4}}}
                {"type":"sse","event":"message_stop","data":{"type":"message_stop"}}
                """.replace("TEXT", text).replace("STOP", stop);
    }

    private static LlmSettings withModel(LlmSettings s, String model) {
        return new LlmSettings(s.provider(), s.baseUrl(), model, s.apiKeyEnv(), s.toolMode(), s.maxOutputTokens(),
                s.contextWindow(), s.safeZone(), s.timeouts(), s.retries(), s.continuationRounds(), s.prices(),
                s.maxTokensField(), s.maxAnswerChars(), s.thinking());
    }

    private ModelOutcome call(ModelClient client, String prompt) throws Exception {
        return client.stream(Harness.ask(prompt), h.events::add).outcome().get(30, TimeUnit.SECONDS);
    }

    @Test
    void continuesWithAUserMessageAfterThePrefillIsRefusedAndRemembersItForTheModel() throws Exception {
        String script = round("First part, ", "max_tokens") + REFUSAL + round("second part.", "end_turn")
                + round("Again, ", "max_tokens") + round("and done.", "end_turn");
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            StreamingModelClient client = h.client(Harness.anthropic(model));

            ModelOutcome first = call(client, "write");

            assertEquals(FinishReason.STOP, ((ModelOutcome.Completed) first).reason());
            assertEquals("First part, second part.", h.text());
            JsonNode refused = model.requestJson(1).get("messages");
            assertEquals("assistant", refused.get(refused.size() - 1).get("role").asText(), "a prefill was tried");
            JsonNode continued = model.requestJson(2).get("messages");
            JsonNode last = continued.get(continued.size() - 1);
            assertEquals("user", last.get("role").asText());
            assertTrue(last.toString().contains("cut off by the output limit"), last.toString());
            assertEquals("First part, ", continued.get(continued.size() - 2).at("/content/0/text").asText());

            h.events.clear();
            call(client, "again");

            assertEquals("Again, and done.", h.text());
            JsonNode second = model.requestJson(4).get("messages");
            assertEquals("user", second.get(second.size() - 1).get("role").asText(),
                    "the refusal is remembered: no prefill is tried again");
            model.assertAllConsumed();
        }
    }

    @Test
    void continuesClaude46WithAUserMessageWithoutTryingAPrefill() throws Exception {
        String script = round("One, ", "max_tokens") + round("two.", "end_turn");
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelOutcome outcome = call(h.client(withModel(Harness.anthropic(model), "claude-opus-4-6")), "count");

            assertEquals(FinishReason.STOP, ((ModelOutcome.Completed) outcome).reason());
            assertEquals("One, two.", h.text());
            JsonNode messages = model.requestJson(1).get("messages");
            assertEquals("user", messages.get(messages.size() - 1).get("role").asText());
            model.assertAllConsumed();
        }
    }

    @Test
    void knowsByNameWhichClaudeModelsRefuseAPrefill() {
        assertTrue(PrefillSupport.refusesByName("claude-opus-4-6"));
        assertTrue(PrefillSupport.refusesByName("claude-sonnet-4-6-20260217"));
        assertTrue(PrefillSupport.refusesByName("anthropic/claude-opus-4.7"));
        assertTrue(PrefillSupport.refusesByName("claude-sonnet-5"));
        assertFalse(PrefillSupport.refusesByName("claude-sonnet-4-5"));
        assertFalse(PrefillSupport.refusesByName("claude-sonnet-4-20250514"));
        assertFalse(PrefillSupport.refusesByName("claude-3-7-sonnet-latest"));
        assertFalse(PrefillSupport.refusesByName("gpt-4.1"));
    }

    @Test
    void aBadRequestNotAboutThePrefillStillFailsTheCall() throws Exception {
        String other = REFUSAL.replace("This model does not support assistant message prefill. The conversation must"
                + " end with a user message.", "max_tokens: too large");
        try (ScriptedModel model = ScriptedModel.fromText(round("Cut", "max_tokens") + other)) {
            ModelOutcome outcome = call(h.client(Harness.anthropic(model)), "write");

            ModelFailure failure = Harness.failure(outcome);
            assertTrue(failure.message().contains("max_tokens: too large"), failure.message());
            model.assertAllConsumed();
        }
    }
}
