package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.config.LlmSettings;
import dev.agentls.config.ModelPrice;
import dev.agentls.config.PriceTable;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenAiClientTest {

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    @Test
    void streamsTextAndReasoningThenUsageCostAndFinish() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("openai-text.jsonl")) {
            LlmSettings base = Harness.openai(model);
            LlmSettings settings = new LlmSettings(base.provider(), base.baseUrl(), base.model(), base.apiKeyEnv(),
                    base.toolMode(), base.maxOutputTokens(), base.contextWindow(), base.safeZone(), base.timeouts(),
                    base.retries(), base.continuationRounds(), new PriceTable(Map.of("gpt-4o",
                    new ModelPrice(new BigDecimal("2.50"), new BigDecimal("10"), new BigDecimal("1.25")))),
                    base.maxTokensField(), base.maxAnswerChars(), base.thinking());
            ModelOutcome outcome = h.run(settings, Harness.ask("hi"));

            assertEquals("Hello, wörld! ✓", h.text());
            assertEquals("The user greets; answer briefly.", h.thinking());
            TokenUsage tokens = new TokenUsage(1200, 7, 1000);
            // 200 uncached * 2.50 + 1000 cached * 1.25 + 7 * 10, per million
            BigDecimal cost = new BigDecimal("0.00182");
            assertEquals(List.of(new ModelEvent.Usage(tokens, Optional.of(cost))), h.all(ModelEvent.Usage.class));
            assertEquals(new ModelEvent.Finished(FinishReason.STOP, "stop"), h.events.get(h.events.size() - 1));
            assertEquals(new ModelOutcome.Completed(FinishReason.STOP, Optional.of(tokens), Optional.of(cost)), outcome);
            model.assertAllConsumed();
        }
    }

    @Test
    void sendsMessagesToolSpecsAndStreamingOptionsInTheChatCompletionsShape() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("openai-text.jsonl")) {
            ModelRequest request = new ModelRequest(List.of(
                    new ModelMessage.System("Be exact."),
                    new ModelMessage.User("Read App.java"),
                    ModelMessage.Assistant.of(new ToolCall("call_1", "read_file", "{\"target_file\":\"App.java\"}")),
                    new ModelMessage.ToolResult("call_1", "read_file", "class App {}", false)),
                    List.of(new ToolSpec("read_file", "Reads a file.",
                            "{\"type\":\"object\",\"properties\":{\"target_file\":{\"type\":\"string\"}}}")),
                    OptionalInt.of(321));
            h.run(Harness.openai(model), request);

            var recorded = model.requests().get(0);
            assertEquals("POST", recorded.getMethod());
            assertEquals("/v1/chat/completions", recorded.getUrl().encodedPath());
            assertEquals("Bearer sk-test-0123456789", recorded.getHeaders().get("Authorization"));
            JsonNode body = model.requestJson(0);
            assertEquals("gpt-4o", body.get("model").asText());
            assertTrue(body.get("stream").asBoolean());
            assertTrue(body.at("/stream_options/include_usage").asBoolean());
            assertEquals(321, body.get("max_tokens").asInt());
            JsonNode messages = body.get("messages");
            assertEquals(List.of("system", "user", "assistant", "tool"),
                    List.of(messages.get(0).get("role").asText(), messages.get(1).get("role").asText(),
                            messages.get(2).get("role").asText(), messages.get(3).get("role").asText()));
            assertTrue(messages.get(2).get("content").isNull());
            assertEquals("call_1", messages.get(2).at("/tool_calls/0/id").asText());
            assertEquals("{\"target_file\":\"App.java\"}", messages.get(2).at("/tool_calls/0/function/arguments").asText());
            assertEquals("call_1", messages.get(3).get("tool_call_id").asText());
            assertEquals("class App {}", messages.get(3).get("content").asText());
            assertEquals("function", body.at("/tools/0/type").asText());
            assertEquals("read_file", body.at("/tools/0/function/name").asText());
            assertEquals("string", body.at("/tools/0/function/parameters/properties/target_file/type").asText());
        }
    }

    @Test
    void assemblesParallelToolCallsByIndex() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("openai-parallel-tools.jsonl")) {
            ModelOutcome outcome = h.run(Harness.openai(model), Harness.ask("look around"));

            assertEquals(List.of(new ModelEvent.ToolCallStarted("call_a", "read_file"),
                    new ModelEvent.ToolCallStarted("call_b", "grep_search")), h.all(ModelEvent.ToolCallStarted.class));
            assertEquals(List.of("{\"target_file\":", " \"src/App.java\"}", "{\"query\": \"TODO\"}"),
                    h.all(ModelEvent.ToolCallArgumentsDelta.class).stream().map(ModelEvent.ToolCallArgumentsDelta::fragment).toList());
            assertEquals(List.of(new ModelEvent.ToolCallCompleted("call_a", "read_file", "{\"target_file\": \"src/App.java\"}"),
                    new ModelEvent.ToolCallCompleted("call_b", "grep_search", "{\"query\": \"TODO\"}")),
                    h.all(ModelEvent.ToolCallCompleted.class));
            assertEquals(FinishReason.TOOL_CALLS, ((ModelOutcome.Completed) outcome).reason());
            assertEquals(Optional.empty(), ((ModelOutcome.Completed) outcome).cost(), "no price configured, no cost");
            model.assertAllConsumed();
        }
    }

    @Test
    void acceptsOllamaToolCallsWithoutIndexWholeInOneChunkWithoutUsageOrDone() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("ollama-whole-tool-calls.jsonl")) {
            ModelOutcome outcome = h.run(Harness.openai(model), Harness.ask("look around"));

            assertEquals("List, then read.", h.thinking());
            assertEquals(List.of(new ModelEvent.ToolCallCompleted("call_x1", "list_dir", "{\"relative_workspace_path\":\".\"}"),
                    new ModelEvent.ToolCallCompleted("call_x2", "read_file", "{\"target_file\":\"README.md\"}")),
                    h.all(ModelEvent.ToolCallCompleted.class));
            assertEquals(new ModelOutcome.Completed(FinishReason.TOOL_CALLS, Optional.empty(), Optional.empty()), outcome);
            assertTrue(h.all(ModelEvent.Usage.class).isEmpty());
            model.assertAllConsumed();
        }
    }

    @Test
    void aStreamEndingWithoutFinishReasonIsACutNamingTheOpenToolCall() throws Exception {
        String c = "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_q\",\"function\":{\"name\":\"read_file\",\"arguments\":\"{\\\"targ\"}}]},\"finish_reason\":null}]}";
        try (ScriptedModel model = ScriptedModel.fromText("{\"type\":\"response\"}\n{\"type\":\"sse\",\"data\":" + c + "}\n")) {
            ModelFailure failure = Harness.failure(h.run(Harness.openai(model), Harness.ask("x")));

            ModelFailure.StreamCut cut = assertInstanceOf(ModelFailure.StreamCut.class, failure);
            assertTrue(cut.detail().contains("without a finish_reason"), cut.detail());
            assertTrue(cut.detail().contains("tool call left unfinished: read_file (call_q)"), cut.detail());
            assertFalse(h.events.stream().anyMatch(e -> e instanceof ModelEvent.ToolCallCompleted));
            assertFalse(h.events.stream().anyMatch(e -> e instanceof ModelEvent.Finished));
            model.assertAllConsumed();
        }
    }

    @Test
    void aToolWithABrokenSchemaFailsTheCallNamingTheToolWithoutSendingIt() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("openai-text.jsonl")) {
            ModelRequest request = ModelRequest.of(List.of(new ModelMessage.User("x")),
                    List.of(new ToolSpec("grep_search", "Searches.", "{\"type\": \"object\",")));
            ModelFailure failure = Harness.failure(h.run(Harness.openai(model), request));

            ModelFailure.BadRequest bad = assertInstanceOf(ModelFailure.BadRequest.class, failure);
            assertTrue(bad.providerMessage().startsWith("tool grep_search: the parameters schema is not valid JSON"),
                    bad.providerMessage());
            assertEquals(0, model.requests().size());
        }
    }
}
