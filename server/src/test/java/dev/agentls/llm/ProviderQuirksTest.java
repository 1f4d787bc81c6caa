package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What real providers do that the plain protocol does not say (each seen in {@code ../shared/real-model-wire/},
 * written here small by hand): refusals, a repeated finish, a limit inside a tool call, error chunks with a status.
 */
class ProviderQuirksTest {

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    @Test
    void anOpenAiRefusalReachesTheUserAsTextAndEndsContentFilter() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"role":"assistant","content":null,"refusal":""},"finish_reason":null}]}}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"refusal":"I can't"},"finish_reason":null}]}}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"refusal":" help with that."},"finish_reason":null}]}}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}}
                {"type":"raw","text":"data: [DONE]\\n\\n"}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            AnswerCollector answer = new AnswerCollector(h.events::add);
            ModelOutcome outcome = h.client(Harness.openai(model)).stream(Harness.ask("hi"), answer).outcome().get();

            assertEquals("I can't help with that.", h.text());
            assertEquals(new ModelEvent.Finished(FinishReason.CONTENT_FILTER, "stop"), h.events.get(h.events.size() - 1));
            assertEquals(new ModelOutcome.Completed(FinishReason.CONTENT_FILTER, Optional.empty(), Optional.empty()),
                    outcome);
            assertEquals("I can't help with that.", answer.message().text());
        }
    }

    @Test
    void aFinishReasonRepeatedInALaterChunkCompletesEachToolCallOnce() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"read_file","arguments":""}}]},"finish_reason":null}]}}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"target_file\\":\\"a\\"}"}}]},"finish_reason":null}]}}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"c2","type":"function","function":{"name":"list_dir","arguments":"{}"}}]},"finish_reason":null}]}}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"content":""},"finish_reason":"tool_calls"}]}}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"content":""},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":10,"completion_tokens":4}}}
                {"type":"raw","text":"data: [DONE]\\n\\n"}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelOutcome outcome = h.run(Harness.openai(model), Harness.ask("hi"));

            assertEquals(List.of(new ModelEvent.ToolCallCompleted("c1", "read_file", "{\"target_file\":\"a\"}"),
                    new ModelEvent.ToolCallCompleted("c2", "list_dir", "{}")), h.all(ModelEvent.ToolCallCompleted.class));
            assertEquals(new ModelOutcome.Completed(FinishReason.TOOL_CALLS, Optional.of(new TokenUsage(10, 4, 0)),
                    Optional.empty()), outcome);
        }
    }

    @Test
    void anOpenAiLengthStopInsideAToolCallEndsLengthAndCompletesOnlyTheWholeCalls() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"list_dir","arguments":"{\\"relative_workspace_path\\":\\".\\"}"}}]},"finish_reason":null}]}}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"c2","type":"function","function":{"name":"write_to_file","arguments":"{\\"target_file\\":\\"a.txt\\",\\"content\\":\\"hal"}}]},"finish_reason":null}]}}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{},"finish_reason":"length"}]}}
                {"type":"raw","text":"data: [DONE]\\n\\n"}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelOutcome outcome = h.run(Harness.openai(model), Harness.ask("write"));

            assertEquals(List.of(new ModelEvent.ToolCallCompleted("c1", "list_dir", "{\"relative_workspace_path\":\".\"}")),
                    h.all(ModelEvent.ToolCallCompleted.class));
            assertEquals(List.of("c1", "c2"), h.all(ModelEvent.ToolCallStarted.class).stream()
                    .map(ModelEvent.ToolCallStarted::id).toList());
            assertEquals(new ModelEvent.Finished(FinishReason.LENGTH, "length"), h.events.get(h.events.size() - 1));
            assertEquals(FinishReason.LENGTH, ((ModelOutcome.Completed) outcome).reason());
            assertEquals(1, model.requests().size(), "an answer with tool calls is never continued");
        }
    }

    @Test
    void anAnthropicMaxTokensStopInsideAToolCallIsAnAnswerCutByTheOutputLimit() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","event":"message_start","data":{"type":"message_start","message":{"id":"m","usage":{"input_tokens":5,"output_tokens":1}}}}
                {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":0,"content_block":{"type":"text","text":"Writing it."}}}
                {"type":"sse","event":"content_block_stop","data":{"type":"content_block_stop","index":0}}
                {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_9","name":"write_to_file","input":{}}}}
                {"type":"sse","event":"content_block_delta","data":{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"content\\": \\"abc"}}}
                {"type":"sse","event":"message_delta","data":{"type":"message_delta","delta":{"stop_reason":"max_tokens"},"usage":{"output_tokens":9}}}
                {"type":"sse","event":"message_stop","data":{"type":"message_stop"}}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            AnswerCollector answer = new AnswerCollector(h.events::add);
            ModelOutcome outcome = h.client(Harness.anthropic(model)).stream(Harness.ask("write"), answer)
                    .outcome().get();

            assertEquals(new ModelOutcome.Completed(FinishReason.LENGTH, Optional.of(new TokenUsage(5, 9, 0)),
                    Optional.empty()), outcome);
            assertEquals(new ModelEvent.Finished(FinishReason.LENGTH, "max_tokens"), h.events.get(h.events.size() - 1));
            assertEquals(List.of(), h.all(ModelEvent.ToolCallCompleted.class));
            assertEquals(List.of(new ModelMessage.Text("Writing it.")), answer.message().blocks());
            assertEquals(1, model.requests().size(), "an answer with a tool call is never continued");
        }
    }

    @Test
    void anAnthropicStopOtherThanMaxTokensWithAToolCallOpenIsACutNamingTheStopAndTheCall() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","event":"message_start","data":{"type":"message_start","message":{"id":"m","usage":{"input_tokens":5,"output_tokens":1}}}}
                {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_9","name":"write_to_file","input":{}}}}
                {"type":"sse","event":"message_delta","data":{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":9}}}
                {"type":"sse","event":"message_stop","data":{"type":"message_stop"}}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure failure = Harness.failure(h.run(Harness.anthropic(model), Harness.ask("write")));

            assertEquals(new ModelFailure.StreamCut("stop_reason end_turn came while a tool call was still open;"
                    + " tool call left unfinished: write_to_file (toolu_9)"), failure);
        }
    }

    @Test
    void anInStreamErrorChunkWithA4xxCodeIsARefusedRequestAndIsNotRetried() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","data":{"error":{"code":400,"message":"Token limit reached"},"choices":[{"index":0,"delta":{"content":""},"finish_reason":null}]}}
                {"type":"raw","text":"data: [DONE]\\n\\n"}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure failure = Harness.failure(h.run(Harness.openai(model), Harness.ask("hi")));

            assertEquals(new ModelFailure.BadRequest(400, "Token limit reached"), failure);
            assertEquals(List.of(), h.all(ModelEvent.Retrying.class));
            assertEquals(1, model.requests().size());
        }
    }

    @Test
    void anInStreamErrorChunkWithA5xxStatusCodeIsAServerErrorAndIsRetried() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","event":"error","data":{"error":{"message":"upstream died","type":"upstream_error","status_code":503}}}
                {"type":"response"}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]}}
                {"type":"raw","text":"data: [DONE]\\n\\n"}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelOutcome outcome = h.run(Harness.openai(model), Harness.ask("hi"));

            assertEquals(new ModelFailure.ServerError(503, "upstream died"),
                    h.all(ModelEvent.Retrying.class).get(0).cause());
            assertEquals(FinishReason.STOP, ((ModelOutcome.Completed) outcome).reason());
            assertEquals("ok", h.text());
            model.assertAllConsumed();
        }
    }
}
