package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AnthropicClientTest {

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    @Test
    void streamsThinkingWithSignatureTextAndTwoToolCallsInOrder() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("anthropic-tools.jsonl")) {
            ModelOutcome outcome = h.run(Harness.anthropic(model), Harness.ask("read it"));

            TokenUsage tokens = new TokenUsage(80, 89, 30);
            assertEquals(List.of(
                    new ModelEvent.ThinkingDelta("I should read "),
                    new ModelEvent.ThinkingDelta("the file."),
                    new ModelEvent.ThinkingSignature("EqQBCgIYAhIM1gbcDa9GJwZA"),
                    new ModelEvent.TextDelta("Let me look"),
                    new ModelEvent.TextDelta(" at it."),
                    new ModelEvent.ToolCallStarted("toolu_01", "read_file"),
                    new ModelEvent.ToolCallArgumentsDelta("toolu_01", "{\"target_file\": \"src/"),
                    new ModelEvent.ToolCallArgumentsDelta("toolu_01", "App.java\"}"),
                    new ModelEvent.ToolCallCompleted("toolu_01", "read_file", "{\"target_file\": \"src/App.java\"}"),
                    new ModelEvent.ToolCallStarted("toolu_02", "list_dir"),
                    new ModelEvent.ToolCallArgumentsDelta("toolu_02", "{\"relative_workspace_path\": \".\"}"),
                    new ModelEvent.ToolCallCompleted("toolu_02", "list_dir", "{\"relative_workspace_path\": \".\"}"),
                    new ModelEvent.Usage(tokens, Optional.empty()),
                    new ModelEvent.Finished(FinishReason.TOOL_CALLS, "tool_use")), h.events);
            assertEquals(new ModelOutcome.Completed(FinishReason.TOOL_CALLS, Optional.of(tokens), Optional.empty()), outcome);
            model.assertAllConsumed();
        }
    }

    @Test
    void sendsSystemApartMergesToolResultsAndReturnsThinkingWithItsSignature() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("anthropic-tools.jsonl")) {
            ModelRequest request = ModelRequest.of(List.of(
                    new ModelMessage.System("Rule one."),
                    new ModelMessage.System("Rule two."),
                    new ModelMessage.User("Look at both"),
                    ModelMessage.Assistant.of(new ModelMessage.Thinking("hmm", "sig-1"),
                            new ModelMessage.Text("Reading."),
                            new ToolCall("toolu_a", "read_file", "{\"target_file\":\"a\"}"),
                            new ToolCall("toolu_b", "read_file", "{\"target_file\":\"b\"}")),
                    new ModelMessage.ToolResult("toolu_a", "read_file", "A", false),
                    new ModelMessage.ToolResult("toolu_b", "read_file", "no such file", true)),
                    List.of(new ToolSpec("read_file", "Reads a file.", "{\"type\":\"object\"}")));
            h.run(Harness.anthropic(model), request);

            var recorded = model.requests().get(0);
            assertEquals("/v1/messages", recorded.getUrl().encodedPath());
            assertEquals("sk-test-0123456789", recorded.getHeaders().get("x-api-key"));
            assertEquals("2023-06-01", recorded.getHeaders().get("anthropic-version"));
            assertEquals(null, recorded.getHeaders().get("Authorization"));
            JsonNode body = model.requestJson(0);
            assertEquals("Rule one.\n\nRule two.", body.get("system").get(0).get("text").asText());
            assertEquals(1024, body.get("max_tokens").asInt());
            JsonNode messages = body.get("messages");
            assertEquals(3, messages.size(), messages.toString());
            assertEquals("thinking", messages.at("/1/content/0/type").asText());
            assertEquals("sig-1", messages.at("/1/content/0/signature").asText());
            assertEquals("Reading.", messages.at("/1/content/1/text").asText());
            assertEquals("a", messages.at("/1/content/2/input/target_file").asText());
            assertEquals("user", messages.at("/2/role").asText());
            assertEquals("toolu_a", messages.at("/2/content/0/tool_use_id").asText());
            assertFalse(messages.at("/2/content/0").has("is_error"));
            assertTrue(messages.at("/2/content/1/is_error").asBoolean());
            assertEquals("object", body.at("/tools/0/input_schema/type").asText());
        }
    }

    @Test
    void anOverloadedErrorEventBeforeAnyContentIsRetried() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","event":"message_start","data":{"type":"message_start","message":{"id":"m","usage":{"input_tokens":5,"output_tokens":1}}}}
                {"type":"sse","event":"error","data":{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}}
                {"type":"response"}
                {"type":"sse","event":"message_start","data":{"type":"message_start","message":{"id":"m","usage":{"input_tokens":5,"output_tokens":1}}}}
                {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":0,"content_block":{"type":"text","text":"Hi"}}}
                {"type":"sse","event":"content_block_stop","data":{"type":"content_block_stop","index":0}}
                {"type":"sse","event":"message_delta","data":{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":2}}}
                {"type":"sse","event":"message_stop","data":{"type":"message_stop"}}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelOutcome outcome = h.run(Harness.anthropic(model), Harness.ask("hi"));

            ModelEvent.Retrying retry = h.all(ModelEvent.Retrying.class).get(0);
            assertEquals(2, retry.attempt());
            assertEquals(new ModelFailure.ServerError(529, "Overloaded"), retry.cause());
            assertEquals(List.of(retry.delay()), h.sleeps);
            assertEquals("Hi", h.text());
            assertEquals(FinishReason.STOP, ((ModelOutcome.Completed) outcome).reason());
            model.assertAllConsumed();
        }
    }

    @Test
    void anErrorEventAfterTextWasDeliveredFailsTheCallWithoutReplay() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","event":"message_start","data":{"type":"message_start","message":{"id":"m","usage":{"input_tokens":5,"output_tokens":1}}}}
                {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}}
                {"type":"sse","event":"content_block_delta","data":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Half an ans"}}}
                {"type":"sse","event":"error","data":{"type":"error","error":{"type":"api_error","message":"Internal server error"}}}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure failure = Harness.failure(h.run(Harness.anthropic(model), Harness.ask("hi")));

            assertEquals(new ModelFailure.ServerError(0, "Internal server error"), failure);
            assertTrue(h.all(ModelEvent.Retrying.class).isEmpty());
            assertEquals("Half an ans", h.text());
            assertEquals(1, model.requests().size());
            model.assertAllConsumed();
        }
    }

    @Test
    void aStreamEndingInsideAToolUseBlockIsACutNamingTheCall() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","event":"message_start","data":{"type":"message_start","message":{"id":"m","usage":{"input_tokens":5,"output_tokens":1}}}}
                {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_9","name":"write_to_file","input":{}}}}
                {"type":"sse","event":"content_block_delta","data":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"content\\": \\"abc"}}}
                {"type":"raw","text":"event: content_block_delta\\ndata: {\\"type\\":\\"content_blo"}
                {"type":"cut"}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure failure = Harness.failure(h.run(Harness.anthropic(model), Harness.ask("write")));

            ModelFailure.StreamCut cut = assertInstanceOf(ModelFailure.StreamCut.class, failure);
            assertFalse(h.events.stream().anyMatch(e -> e instanceof ModelEvent.ToolCallCompleted), h.events.toString());
            assertTrue(cut.detail().length() > 0);
            assertEquals(Duration.ZERO.toMillis(), h.sleeps.size());
        }
    }

    @Test
    void retriesHttp529OverloadedAnd429WithRetryAfterThenStreams() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("anthropic-529-then-text.jsonl")) {
            ModelOutcome outcome = h.run(Harness.anthropic(model), Harness.ask("hi"));

            List<ModelEvent.Retrying> retries = h.all(ModelEvent.Retrying.class);
            assertEquals(new ModelFailure.ServerError(529, "Overloaded"), retries.get(0).cause());
            assertEquals(new ModelFailure.RateLimited(Optional.of(Duration.ofSeconds(2)),
                    "Number of request tokens has exceeded your per-minute rate limit"), retries.get(1).cause());
            assertEquals(Duration.ofSeconds(2), h.sleeps.get(1));
            assertEquals("Back again.", h.text());
            assertEquals(new ModelOutcome.Completed(FinishReason.STOP, Optional.of(new TokenUsage(12, 4, 0)),
                    Optional.empty()), outcome);
            model.assertAllConsumed();
        }
    }
}
