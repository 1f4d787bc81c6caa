package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.replay.Transcript;
import dev.agentls.llm.replay.TranscriptReader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Anthropic's reasoning blocks through the real client: signed thinking and encrypted {@code redacted_thinking} are
 * streamed as events in their place, collected in order, and sent back unchanged in the next request, which is
 * what the API demands when the answer made tool calls.
 */
class AnthropicReasoningTest {

    static final String THINKING_1 = "The test fails on line 12 \u2013 \"null\"?";
    static final String SIGNATURE_1 = "ErUBCkYIBxgCIkD+q/9zT1m4Rw==";
    static final String REDACTED = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP+kNRj2YfWXGmKDxH4mPnZ5sQ7vB4URj2pOZp/5n0c1e2lPvqbCv9wAS9qH0==";
    static final String THINKING_2 = "Read the file first.";
    static final String SIGNATURE_2 = "EqoBCkgIARABGAIiQL2sig/2==";
    static final String ARGS = "{\"target_file\": \"src/AppTest.java\"}";

    private static final String FOLLOW_UP = """
            {"type":"response"}
            {"type":"sse","event":"message_start","data":{"type":"message_start","message":{"id":"m2","usage":{"input_tokens":300,"output_tokens":1}}}}
            {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":0,"content_block":{"type":"text","text":"Fixed."}}}
            {"type":"sse","event":"content_block_stop","data":{"type":"content_block_stop","index":0}}
            {"type":"sse","event":"message_delta","data":{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":3}}}
            {"type":"sse","event":"message_stop","data":{"type":"message_stop"}}
            """;

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    /** The scripted answer with reasoning, then {@code more} (inline transcript lines) for the requests after it. */
    static ScriptedModel reasoningThen(String more) throws Exception {
        List<Transcript.Response> responses = new ArrayList<>(
                ScriptedModel.transcript("anthropic-redacted-thinking.jsonl").responses());
        responses.addAll(new TranscriptReader().parse(more, "inline").responses());
        return ScriptedModel.of(new Transcript(responses));
    }

    static String script(String... lines) {
        String start = "{\"type\":\"response\"}\n{\"type\":\"sse\",\"event\":\"message_start\",\"data\":{\"type\":"
                + "\"message_start\",\"message\":{\"id\":\"m\",\"usage\":{\"input_tokens\":5,\"output_tokens\":1}}}}\n";
        return start + String.join("\n", lines) + "\n";
    }

    @Test
    void streamsRedactedThinkingAsAnEventInItsPlaceAmongTheThinkingBlocks() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("anthropic-redacted-thinking.jsonl")) {
            ModelOutcome outcome = h.run(Harness.anthropic(model), Harness.ask("fix the test"));

            List<ModelEvent> answer = h.events.stream().filter(e -> !(e instanceof ModelEvent.Usage)).toList();
            assertEquals(List.of(
                    new ModelEvent.ThinkingDelta("The test fails on "),
                    new ModelEvent.ThinkingDelta("line 12 \u2013 \"null\"?"),
                    new ModelEvent.ThinkingSignature(SIGNATURE_1),
                    new ModelEvent.RedactedThinking(REDACTED),
                    new ModelEvent.ThinkingDelta(THINKING_2),
                    new ModelEvent.ThinkingSignature(SIGNATURE_2),
                    new ModelEvent.TextDelta("Let me read the test."),
                    new ModelEvent.ToolCallStarted("toolu_7", "read_file"),
                    new ModelEvent.ToolCallArgumentsDelta("toolu_7", ARGS),
                    new ModelEvent.ToolCallCompleted("toolu_7", "read_file", ARGS),
                    new ModelEvent.Finished(FinishReason.TOOL_CALLS, "tool_use")), answer);
            assertEquals(FinishReason.TOOL_CALLS, assertInstanceOf(ModelOutcome.Completed.class, outcome).reason());
            model.assertAllConsumed();
        }
    }

    @Test
    void collectsThinkingAndRedactedThinkingInStreamOrderAndSendsThemBackByteExact() throws Exception {
        try (ScriptedModel model = reasoningThen(FOLLOW_UP)) {
            AnswerCollector collector = new AnswerCollector(h.events::add);
            ModelRequest first = Harness.ask("fix the test");
            h.client(Harness.anthropic(model)).stream(first, collector).outcome().get(30, TimeUnit.SECONDS);

            ModelMessage.Assistant answer = collector.message();
            assertEquals(ModelMessage.Assistant.of(
                    new ModelMessage.Thinking(THINKING_1, SIGNATURE_1),
                    new ModelMessage.RedactedThinking(REDACTED),
                    new ModelMessage.Thinking(THINKING_2, SIGNATURE_2),
                    new ModelMessage.Text("Let me read the test."),
                    new ToolCall("toolu_7", "read_file", ARGS)), answer);

            ModelRequest next = first.plus(answer)
                    .plus(new ModelMessage.ToolResult("toolu_7", "read_file", "class AppTest {}", false));
            ModelOutcome outcome = h.run(Harness.anthropic(model), next);

            assertInstanceOf(ModelOutcome.Completed.class, outcome);
            String body = model.requests().get(1).getBody().utf8();
            String expected = "{\"role\":\"assistant\",\"content\":["
                    + "{\"type\":\"thinking\",\"thinking\":\"The test fails on line 12 \u2013 \\\"null\\\"?\","
                    + "\"signature\":\"" + SIGNATURE_1 + "\"},"
                    + "{\"type\":\"redacted_thinking\",\"data\":\"" + REDACTED + "\"},"
                    + "{\"type\":\"thinking\",\"thinking\":\"" + THINKING_2 + "\",\"signature\":\"" + SIGNATURE_2 + "\"},"
                    + "{\"type\":\"text\",\"text\":\"Let me read the test.\"},"
                    + "{\"type\":\"tool_use\",\"id\":\"toolu_7\",\"name\":\"read_file\","
                    + "\"input\":{\"target_file\":\"src/AppTest.java\"}}]}";
            assertTrue(body.contains(expected), body);
            assertEquals("tool_result", model.requestJson(1).at("/messages/2/content/0/type").asText());
            model.assertAllConsumed();
        }
    }

    @Test
    void theOpenAiCompatibleRequestSendsNoReasoningBlockBack() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("openai-text.jsonl")) {
            ModelRequest request = ModelRequest.of(List.of(new ModelMessage.User("fix the test"),
                    ModelMessage.Assistant.of(
                            new ModelMessage.Thinking(THINKING_1, SIGNATURE_1),
                            new ModelMessage.RedactedThinking(REDACTED),
                            new ModelMessage.Thinking("unsigned reasoning", ""),
                            new ModelMessage.Text("Let me read the test."),
                            new ToolCall("call_7", "read_file", ARGS)),
                    new ModelMessage.ToolResult("call_7", "read_file", "class AppTest {}", false)), List.of());
            h.run(Harness.openai(model), request);

            String body = model.requests().get(0).getBody().utf8();
            for (String absent : List.of("thinking", "redacted", "reasoning", "signature", REDACTED, SIGNATURE_1,
                    "unsigned reasoning", "line 12")) {
                assertFalse(body.contains(absent), "'" + absent + "' was sent: " + body);
            }
            assertEquals("Let me read the test.", model.requestJson(0).at("/messages/1/content").asText());
            assertEquals("call_7", model.requestJson(0).at("/messages/1/tool_calls/0/id").asText());
        }
    }

    @Test
    void thinkingWithoutASignatureIsNotSentToAnthropic() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromText(FOLLOW_UP)) {
            ModelRequest request = ModelRequest.of(List.of(new ModelMessage.User("go"),
                    ModelMessage.Assistant.of(new ModelMessage.Thinking("from another model", ""),
                            new ModelMessage.RedactedThinking(REDACTED), new ModelMessage.Text("Done.")),
                    new ModelMessage.User("and now?")), List.of());
            h.run(Harness.anthropic(model), request);

            String assistant = model.requestJson(0).at("/messages/1").toString();
            assertEquals("{\"role\":\"assistant\",\"content\":[{\"type\":\"redacted_thinking\",\"data\":\"" + REDACTED
                    + "\"},{\"type\":\"text\",\"text\":\"Done.\"}]}", assistant);
        }
    }

    @Test
    void collectsOpenAiReasoningAsOneUnsignedThinkingBlock() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("openai-text.jsonl")) {
            AnswerCollector collector = new AnswerCollector(h.events::add);
            h.client(Harness.openai(model)).stream(Harness.ask("hi"), collector).outcome().get(30, TimeUnit.SECONDS);

            assertEquals(ModelMessage.Assistant.of(new ModelMessage.Thinking("The user greets; answer briefly.", ""),
                    new ModelMessage.Text("Hello, w\u00f6rld! \u2713")), collector.message());
        }
    }

    @Test
    void refusesARedactedThinkingBlockWithoutDataAndDeliversNoneOfIt() throws Exception {
        String[][] cases = {
                {"", "none"},
                {",\"data\":null", "null"},
                {",\"data\":\"\"", "an empty string"},
                {",\"data\":4242", "number"},
                {",\"data\":{\"blob\":\"" + "A".repeat(100_000) + "\"}", "object"}};
        for (String[] c : cases) {
            h.events.clear();
            String script = script("{\"type\":\"sse\",\"event\":\"content_block_start\",\"data\":{\"type\":"
                    + "\"content_block_start\",\"index\":3,\"content_block\":{\"type\":\"redacted_thinking\"" + c[0] + "}}}");
            try (ScriptedModel model = ScriptedModel.fromText(script)) {
                ModelFailure failure = Harness.failure(h.run(Harness.anthropic(model), Harness.ask("go")));

                assertEquals(new ModelFailure.ProtocolError("redacted_thinking block 3 has no data (expected a"
                        + " non-empty string, got " + c[1] + ")"), failure, c[0]);
                assertTrue(h.all(ModelEvent.RedactedThinking.class).isEmpty());
                assertTrue(h.all(ModelEvent.Finished.class).isEmpty());
                model.assertAllConsumed();
            }
        }
    }

    @Test
    void refusesASignatureThatIsNotTextOrBelongsToNoThinkingBlock() throws Exception {
        String textBlock = "{\"type\":\"sse\",\"event\":\"content_block_start\",\"data\":{\"type\":\"content_block_start\","
                + "\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}}";
        String thinkingBlock = textBlock.replace("\"text\",\"text\"", "\"thinking\",\"thinking\"");
        String signature = "{\"type\":\"sse\",\"event\":\"content_block_delta\",\"data\":{\"type\":\"content_block_delta\","
                + "\"index\":0,\"delta\":{\"type\":\"signature_delta\",\"signature\":%s}}}";
        String[][] cases = {
                {textBlock, String.format(signature, "\"sig\""), "signature_delta for a text block"},
                {thinkingBlock, String.format(signature, "12"),
                        "signature_delta without a signature (expected a string, got number)"},
                {thinkingBlock, String.format(signature, "null"),
                        "signature_delta without a signature (expected a string, got null)"}};
        for (String[] c : cases) {
            h.events.clear();
            try (ScriptedModel model = ScriptedModel.fromText(script(c[0], c[1]))) {
                ModelFailure failure = Harness.failure(h.run(Harness.anthropic(model), Harness.ask("go")));

                assertEquals(new ModelFailure.ProtocolError(c[2]), failure);
                assertTrue(h.all(ModelEvent.ThinkingSignature.class).isEmpty());
            }
        }
    }

    @Test
    void showsRedactedDataByItsLengthOnlyWhenPrinted() {
        String printed = new ModelEvent.RedactedThinking(REDACTED).toString() + " "
                + new ModelMessage.RedactedThinking(REDACTED);

        assertFalse(printed.contains(REDACTED.substring(0, 20)), printed);
        assertTrue(printed.contains(REDACTED.length() + " characters of data"), printed);
    }
}
