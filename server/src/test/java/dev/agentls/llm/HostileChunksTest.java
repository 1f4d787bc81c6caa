package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.config.LlmSettings;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Hostile stream chunks and request contents through the real client and a scripted server, for both protocols, on
 * the wire's JSON limits (WireJson): deep nesting, numbers past the length limit, text after a chunk's object,
 * escapes; each a protocol error quoting the chunk (shortened), with nothing of that chunk delivered.
 */
class HostileChunksTest {

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private static String raw(String text) {
        return "{\"type\":\"raw\",\"text\":\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")
                + "\"}\n";
    }

    private static final String OPENAI_TEXT = "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"seen\"},"
            + "\"finish_reason\":null}]}";
    private static final String ANTHROPIC_START = "{\"type\":\"message_start\",\"message\":{\"usage\":"
            + "{\"input_tokens\":5}}}";

    private ModelFailure failOpenAi(String chunk) throws Exception {
        String script = "{\"type\":\"response\"}\n" + raw("data: " + OPENAI_TEXT + "\n\n") + raw("data: " + chunk + "\n\n");
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure failure = Harness.failure(h.run(Harness.openai(model), Harness.ask("hi")));
            model.assertAllConsumed();
            return failure;
        }
    }

    private ModelFailure failAnthropic(String chunk) throws Exception {
        String script = "{\"type\":\"response\"}\n" + raw("event: message_start\ndata: " + ANTHROPIC_START + "\n\n")
                + raw("event: content_block_delta\ndata: " + chunk + "\n\n");
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure failure = Harness.failure(h.run(Harness.anthropic(model), Harness.ask("hi")));
            model.assertAllConsumed();
            return failure;
        }
    }

    private static ModelFailure notJson(String chunk) {
        return new ModelFailure.ProtocolError("a stream event is not valid JSON: " + ErrorBodies.shorten(chunk));
    }

    @Test
    void aChunkNestedPastTheDepthLimitIsAProtocolErrorQuotingItShortened() throws Exception {
        String openai = "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"never\"},\"x\":" + "[".repeat(5000)
                + "]".repeat(5000) + "}]}";
        assertEquals(notJson(openai), failOpenAi(openai));
        assertEquals("seen", h.text(), "the chunk before it was delivered, nothing of the deep one");
        h.events.clear();
        String anthropic = "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":" + "{\"a\":".repeat(3000) + "1"
                + "}".repeat(3000) + "}";
        assertEquals(notJson(anthropic), failAnthropic(anthropic));
        assertTrue(notJson(anthropic).message().contains("... (" + anthropic.length() + " chars)"));
    }

    @Test
    void aNumberPastTheLengthLimitIsAProtocolError() throws Exception {
        String openai = "{\"choices\":[],\"usage\":{\"prompt_tokens\":" + "7".repeat(2000) + "}}";
        assertEquals(notJson(openai), failOpenAi(openai));
        h.events.clear();
        String anthropic = "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":"
                + "{\"output_tokens\":" + "7".repeat(2000) + "}}";
        assertEquals(notJson(anthropic), failAnthropic(anthropic));
    }

    @Test
    void textAfterAChunksObjectIsAProtocolErrorNotASilentlyHalfReadChunk() throws Exception {
        String openai = OPENAI_TEXT.replace("seen", "never") + " {\"choices\":[]}";
        assertEquals(notJson(openai), failOpenAi(openai));
        assertEquals("seen", h.text());
        h.events.clear();
        String anthropic = "{\"type\":\"ping\"} garbage";
        assertEquals(notJson(anthropic), failAnthropic(anthropic));
    }

    @Test
    void escapesInChunksDecodeToTheirCharacters() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"raw","text":"data: {\\"choices\\":[{\\"index\\":0,\\"delta\\":{\\"content\\":\\"a\\\\u0000b\\\\\\"c\\\\\\\\d\\\\ud83d\\\\ude00\\\\n\\"},\\"finish_reason\\":\\"stop\\"}]}\\n\\n"}
                {"type":"raw","text":"data: [DONE]\\n\\n"}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            assertInstanceOf(ModelOutcome.Completed.class, h.run(Harness.openai(model), Harness.ask("hi")));
            assertEquals("a\u0000b\"c\\d\ud83d\ude00\n", h.text());
            model.assertAllConsumed();
        }
    }

    @Test
    void toolArgumentsSentAsAnObjectKeepTheirNumbersAsWritten() throws Exception {
        // Raw, so the scripted server sends the numbers as written here.
        String script = "{\"type\":\"response\"}\n" + raw("data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":"
                + "[{\"index\":0,\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"calc\",\"arguments\":"
                + "{\"n\":1e2,\"big\":123456789012345678901234567890,\"f\":0.10}}}]},\"finish_reason\":\"tool_calls\"}]}\n\n")
                + raw("data: [DONE]\n\n");
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            assertInstanceOf(ModelOutcome.Completed.class, h.run(Harness.openai(model), Harness.ask("hi")));
            assertEquals(List.of(new ModelEvent.ToolCallCompleted("c1", "calc",
                    "{\"n\":1e2,\"big\":123456789012345678901234567890,\"f\":0.10}")),
                    h.all(ModelEvent.ToolCallCompleted.class));
            model.assertAllConsumed();
        }
    }

    @Test
    void hostileTextInARequestReachesTheServerByteForByteOnBothProtocols() throws Exception {
        String hostile = "quote \" backslash \\ nul \u0000 bell \u0007 line\nsep \u2028 emoji \ud83d\ude00 </script>"
                + " {\"json\":[1,2]} " + "x".repeat(100_000);
        ToolCall call = new ToolCall("t1", "calc", "{\"n\":1e2,\"nested\":{\"deep\":[true,null,\"\\u0001\"]}}");
        ModelRequest request = ModelRequest.of(List.of(new ModelMessage.System(hostile), new ModelMessage.User(hostile),
                ModelMessage.Assistant.of(call), new ModelMessage.ToolResult("t1", "calc", hostile, false),
                new ModelMessage.User("go on")), List.of());
        String ok = """
                {"type":"response"}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]}}
                {"type":"sse","data":"[DONE]"}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(ok)) {
            assertInstanceOf(ModelOutcome.Completed.class, h.run(Harness.openai(model), request));
            JsonNode body = model.requestJson(0);
            assertEquals(hostile, body.at("/messages/0/content").asText());
            assertEquals(hostile, body.at("/messages/1/content").asText());
            assertEquals(call.argumentsJson(), body.at("/messages/2/tool_calls/0/function/arguments").asText());
            assertEquals(hostile, body.at("/messages/3/content").asText());
        }
        String anthropicOk = """
                {"type":"response"}
                {"type":"sse","data":{"type":"message_start","message":{"usage":{"input_tokens":5}}}}
                {"type":"sse","data":{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}}
                {"type":"sse","data":{"type":"message_stop"}}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(anthropicOk)) {
            LlmSettings settings = Harness.anthropic(model);
            assertInstanceOf(ModelOutcome.Completed.class, h.run(settings, request));
            JsonNode body = model.requestJson(0);
            assertEquals(hostile, body.at("/system/0/text").asText());
            assertEquals(hostile, body.at("/messages/0/content/0/text").asText());
            assertTrue(model.requests().get(0).getBody().utf8().contains(
                    "\"input\":{\"n\":1e2,\"nested\":{\"deep\":[true,null,\"\\u0001\"]}}"),
                    "the tool input goes back as the object it was, numbers as written");
            assertEquals(hostile, body.at("/messages/2/content/0/content").asText());
            assertEquals("ephemeral", body.at("/messages/2/content/1/cache_control/type").asText(),
                    "the breakpoint is on the last user block");
        }
    }

    @Test
    void brokenOrTrailingToolArgumentsGoBackToAnthropicAsAnEmptyObject() throws Exception {
        String anthropicOk = """
                {"type":"response"}
                {"type":"sse","data":{"type":"message_start","message":{"usage":{"input_tokens":5}}}}
                {"type":"sse","data":{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}}
                {"type":"sse","data":{"type":"message_stop"}}
                """;
        ModelRequest request = ModelRequest.of(List.of(new ModelMessage.User("hi"),
                ModelMessage.Assistant.of(new ToolCall("a", "calc", "{\"n\":"), new ToolCall("b", "calc", "{\"n\":1} x"),
                        new ToolCall("c", "calc", "[1]")),
                new ModelMessage.ToolResult("a", "calc", "r", true), new ModelMessage.ToolResult("b", "calc", "r", true),
                new ModelMessage.ToolResult("c", "calc", "r", true)), List.of());
        try (ScriptedModel model = ScriptedModel.fromText(anthropicOk)) {
            assertInstanceOf(ModelOutcome.Completed.class, h.run(Harness.anthropic(model), request));
            JsonNode blocks = model.requestJson(0).at("/messages/1/content");
            for (int i = 0; i < 3; i++) {
                assertEquals("{}", blocks.get(i).get("input").toString(), "call " + i);
            }
        }
    }
}
