package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.config.LlmSettings;
import dev.agentls.config.ReasoningEffort;
import dev.agentls.config.Thinking;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Reasoning on demand, as the scripted model receives it: Anthropic's extended thinking object with its budget,
 * OpenAI's {@code reasoning_effort}, nothing when off; a call whose own output limit cannot hold the budget is refused
 * before it is sent, and an Anthropic answer cut by the output limit is not continued while thinking is on (the API
 * refuses the prefill a continuation needs).
 */
class ThinkingRequestTest {

    private static final String ANTHROPIC_CUT = """
            {"type":"response"}
            {"type":"sse","event":"message_start","data":{"type":"message_start","message":{"usage":{"input_tokens":10,"output_tokens":1}}}}
            {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}}
            {"type":"sse","event":"content_block_delta","data":{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Plan the essay."}}}
            {"type":"sse","event":"content_block_delta","data":{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"c2lnLTE="}}}
            {"type":"sse","event":"content_block_stop","data":{"type":"content_block_stop","index":0}}
            {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}}
            {"type":"sse","event":"content_block_delta","data":{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"First part, "}}}
            {"type":"sse","event":"content_block_stop","data":{"type":"content_block_stop","index":1}}
            {"type":"sse","event":"message_delta","data":{"type":"message_delta","delta":{"stop_reason":"max_tokens"},"usage":{"output_tokens":4096}}}
            {"type":"sse","event":"message_stop","data":{"type":"message_stop"}}
            """;

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private JsonNode sent(LlmSettings settings, ScriptedModel model) throws Exception {
        ModelOutcome outcome = h.run(settings, Harness.ask("think hard"));
        assertInstanceOf(ModelOutcome.Completed.class, outcome, outcome.toString());
        model.assertAllConsumed();
        return model.requestJson(0);
    }

    @Test
    void asksAnthropicForExtendedThinkingWithTheBudgetBelowMaxTokens() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("anthropic-tools.jsonl")) {
            LlmSettings settings = Harness.withThinking(Harness.anthropic(model), 4096, new Thinking.Budget(2048));
            JsonNode body = sent(settings, model);

            assertEquals("{\"type\":\"enabled\",\"budget_tokens\":2048}", body.get("thinking").toString());
            assertEquals(4096, body.get("max_tokens").asInt());
            for (String sampling : List.of("temperature", "top_k", "top_p", "tool_choice")) {
                assertFalse(body.has(sampling), sampling + " was sent: " + body);
            }
        }
    }

    @Test
    void sendsNothingAboutReasoningWhenThinkingIsOff() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("anthropic-tools.jsonl")) {
            JsonNode body = sent(Harness.anthropic(model), model);
            assertFalse(body.has("thinking"), body.toString());
        }
        try (ScriptedModel model = ScriptedModel.fromResource("openai-text.jsonl")) {
            JsonNode body = sent(Harness.openai(model), model);
            assertFalse(body.has("reasoning_effort"), body.toString());
            assertFalse(body.has("thinking"), body.toString());
        }
    }

    @Test
    void sendsTheConfiguredReasoningEffortToAnOpenAiCompatibleServer() throws Exception {
        for (ReasoningEffort effort : List.of(ReasoningEffort.LOW, ReasoningEffort.MEDIUM, ReasoningEffort.HIGH)) {
            try (ScriptedModel model = ScriptedModel.fromResource("openai-text.jsonl")) {
                LlmSettings settings = Harness.withThinking(Harness.openai(model), 1024, new Thinking.Effort(effort));
                JsonNode body = sent(settings, model);

                assertEquals(effort.id(), body.get("reasoning_effort").asText());
                assertFalse(body.has("thinking"), body.toString());
            }
        }
    }

    @Test
    void refusesACallWhoseOwnOutputLimitLeavesNoRoomForTheBudgetAndSendsNothing() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("anthropic-tools.jsonl")) {
            LlmSettings settings = Harness.withThinking(Harness.anthropic(model), 8192, new Thinking.Budget(4096));
            ModelRequest small = new ModelRequest(Harness.ask("short").messages(), List.of(), OptionalInt.of(4096));

            ModelFailure failure = Harness.failure(h.run(settings, small));

            assertEquals(new ModelFailure.BadRequest(0, "this call's output limit of 4096 tokens leaves no room for"
                    + " the thinking budget of 4096 tokens (agentls.llm.thinkingBudget); Anthropic wants max_tokens"
                    + " above budget_tokens"), failure);
            assertTrue(failure.message().startsWith("the request cannot be sent: "), failure.message());
            assertTrue(model.requests().isEmpty(), "nothing was sent");
            assertTrue(h.events.isEmpty());
        }
    }

    @Test
    void aCallWithItsOwnOutputLimitAboveTheBudgetSendsThatLimit() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("anthropic-tools.jsonl")) {
            LlmSettings settings = Harness.withThinking(Harness.anthropic(model), 8192, new Thinking.Budget(4096));
            ModelRequest request = new ModelRequest(Harness.ask("go").messages(), List.of(), OptionalInt.of(4097));

            assertInstanceOf(ModelOutcome.Completed.class, h.run(settings, request));
            assertEquals(4097, model.requestJson(0).get("max_tokens").asInt());
            assertEquals(4096, model.requestJson(0).at("/thinking/budget_tokens").asInt());
        }
    }

    @Test
    void doesNotContinueAnAnthropicAnswerCutByTheOutputLimitWhileThinkingIsOn() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromText(ANTHROPIC_CUT)) {
            LlmSettings settings = Harness.withThinking(Harness.anthropic(model), 4096, new Thinking.Budget(1024));
            ModelOutcome outcome = h.run(settings, Harness.ask("write an essay"));

            assertEquals(FinishReason.LENGTH, assertInstanceOf(ModelOutcome.Completed.class, outcome).reason());
            assertEquals(List.of(new ModelEvent.Finished(FinishReason.LENGTH, "max_tokens")),
                    h.all(ModelEvent.Finished.class));
            assertEquals("First part, ", h.text());
            assertEquals(1, model.requests().size(), "no prefill was sent");
            model.assertAllConsumed();
        }
    }
}
