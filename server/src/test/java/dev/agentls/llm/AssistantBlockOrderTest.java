package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.replay.Transcript;
import dev.agentls.llm.replay.TranscriptReader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An answer's content blocks keep the order they streamed in: with interleaved thinking Anthropic wants each thinking
 * block back exactly in its place between the text and tool calls around it. The collector keeps the order, the
 * Anthropic request sends it back byte for byte, and the OpenAI-compatible request still sends only text and tool
 * calls.
 */
class AssistantBlockOrderTest {

    static final String SIGNATURE_1 = "EpMBCkYIBxgCKkB0aGluay0x/w==";
    static final String SIGNATURE_2 = "EqoBCkgIARABGAIiQHRoaW5rLTI=";
    static final String REDACTED = "EmwKAhgBEgyRZWRhY3RlZC10aGlua2luZy1ibG9iLWZvci10ZXN0cw==";
    static final String READ_ARGS = "{\"target_file\": \"pom.xml\"}";
    static final String LIST_ARGS = "{\"relative_workspace_path\": \"src\"}";

    static final ModelMessage.Assistant INTERLEAVED = ModelMessage.Assistant.of(
            new ModelMessage.Thinking("First the build file, to see the \"java\" version.", SIGNATURE_1),
            new ToolCall("toolu_91", "read_file", READ_ARGS),
            new ModelMessage.Thinking("Then the sources \u2013 all of them.", SIGNATURE_2),
            new ModelMessage.RedactedThinking(REDACTED),
            new ToolCall("toolu_92", "list_dir", LIST_ARGS),
            new ModelMessage.Text("Reading the build and listing the sources."));

    private static final String DONE = """
            {"type":"response"}
            {"type":"sse","event":"message_start","data":{"type":"message_start","message":{"id":"m2","usage":{"input_tokens":400,"output_tokens":1}}}}
            {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":0,"content_block":{"type":"text","text":"Java 17."}}}
            {"type":"sse","event":"content_block_stop","data":{"type":"content_block_stop","index":0}}
            {"type":"sse","event":"message_delta","data":{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":4}}}
            {"type":"sse","event":"message_stop","data":{"type":"message_stop"}}
            """;

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private static ScriptedModel interleavedThen(String more) throws Exception {
        List<Transcript.Response> responses = new ArrayList<>(
                ScriptedModel.transcript("anthropic-interleaved-thinking.jsonl").responses());
        responses.addAll(new TranscriptReader().parse(more, "inline").responses());
        return ScriptedModel.of(new Transcript(responses));
    }

    @Test
    void collectsInterleavedThinkingToolCallsAndTextInStreamOrder() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("anthropic-interleaved-thinking.jsonl")) {
            AnswerCollector collector = new AnswerCollector(h.events::add);
            ModelOutcome outcome = h.client(Harness.anthropic(model)).stream(Harness.ask("which java?"), collector)
                    .outcome().get(30, TimeUnit.SECONDS);

            assertEquals(FinishReason.TOOL_CALLS, assertInstanceOf(ModelOutcome.Completed.class, outcome).reason());
            assertEquals(INTERLEAVED, collector.message());
            assertEquals("Reading the build and listing the sources.", collector.message().text());
            assertEquals(List.of(new ToolCall("toolu_91", "read_file", READ_ARGS),
                    new ToolCall("toolu_92", "list_dir", LIST_ARGS)), collector.message().toolCalls());
            model.assertAllConsumed();
        }
    }

    @Test
    void sendsInterleavedBlocksBackToAnthropicByteExactInTheirOrder() throws Exception {
        try (ScriptedModel model = interleavedThen(DONE)) {
            AnswerCollector collector = new AnswerCollector(h.events::add);
            ModelRequest first = Harness.ask("which java?");
            h.client(Harness.anthropic(model)).stream(first, collector).outcome().get(30, TimeUnit.SECONDS);
            ModelRequest next = first.plus(collector.message())
                    .plus(new ModelMessage.ToolResult("toolu_91", "read_file", "<release>17</release>", false))
                    .plus(new ModelMessage.ToolResult("toolu_92", "list_dir", "App.java", false));

            assertInstanceOf(ModelOutcome.Completed.class, h.run(Harness.anthropic(model), next));

            String expected = "{\"role\":\"assistant\",\"content\":["
                    + "{\"type\":\"thinking\",\"thinking\":\"First the build file, to see the \\\"java\\\" version.\","
                    + "\"signature\":\"" + SIGNATURE_1 + "\"},"
                    + "{\"type\":\"tool_use\",\"id\":\"toolu_91\",\"name\":\"read_file\","
                    + "\"input\":{\"target_file\":\"pom.xml\"}},"
                    + "{\"type\":\"thinking\",\"thinking\":\"Then the sources \u2013 all of them.\","
                    + "\"signature\":\"" + SIGNATURE_2 + "\"},"
                    + "{\"type\":\"redacted_thinking\",\"data\":\"" + REDACTED + "\"},"
                    + "{\"type\":\"tool_use\",\"id\":\"toolu_92\",\"name\":\"list_dir\","
                    + "\"input\":{\"relative_workspace_path\":\"src\"}},"
                    + "{\"type\":\"text\",\"text\":\"Reading the build and listing the sources.\"}]}";
            assertEquals(expected, model.requestJson(1).at("/messages/1").toString());
            String body = model.requests().get(1).getBody().utf8();
            assertTrue(body.contains(expected), "the blocks are byte-exact in the body: " + body);
            assertEquals("[{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_91\","
                            + "\"content\":\"<release>17</release>\"},"
                            + "{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_92\",\"content\":\"App.java\","
                            + "\"cache_control\":{\"type\":\"ephemeral\"}}]",
                    model.requestJson(1).at("/messages/2/content").toString());
            model.assertAllConsumed();
        }
    }

    @Test
    void theOpenAiCompatibleRequestSendsTheTextJoinedAndTheToolCallsInOrderWithNoReasoning() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("openai-text.jsonl")) {
            ModelMessage.Assistant split = ModelMessage.Assistant.of(new ModelMessage.Text("Reading "),
                    new ModelMessage.Thinking("unsigned", ""), new ToolCall("call_1", "read_file", READ_ARGS),
                    new ModelMessage.Text("and listing."), new ModelMessage.RedactedThinking(REDACTED),
                    new ToolCall("call_2", "list_dir", LIST_ARGS));
            ModelRequest request = ModelRequest.of(List.of(new ModelMessage.User("which java?"), split,
                    new ModelMessage.ToolResult("call_1", "read_file", "x", false),
                    new ModelMessage.ToolResult("call_2", "list_dir", "y", false)), List.of());
            h.run(Harness.openai(model), request);

            String assistant = model.requestJson(0).at("/messages/1").toString();
            assertEquals("{\"role\":\"assistant\",\"content\":\"Reading and listing.\",\"tool_calls\":["
                    + "{\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"read_file\",\"arguments\":"
                    + "\"{\\\"target_file\\\": \\\"pom.xml\\\"}\"}},"
                    + "{\"id\":\"call_2\",\"type\":\"function\",\"function\":{\"name\":\"list_dir\",\"arguments\":"
                    + "\"{\\\"relative_workspace_path\\\": \\\"src\\\"}\"}}]}", assistant);
            for (String absent : List.of("unsigned", REDACTED, "thinking", "reasoning")) {
                assertFalse(model.requests().get(0).getBody().utf8().contains(absent), absent + " was sent");
            }
        }
    }

    @Test
    void endsABlockWhereABlockOfAnotherKindBeginsAndMergesDeltasOfOneKind() {
        AnswerCollector collector = new AnswerCollector(event -> { });
        for (ModelEvent event : List.of(
                new ModelEvent.ThinkingDelta("weigh "), new ModelEvent.ThinkingDelta("options"),
                new ModelEvent.TextDelta("A"), new ModelEvent.TextDelta("B"),
                new ModelEvent.ThinkingSignature("sig-empty"),
                new ModelEvent.ToolCallStarted("t1", "read_file"),
                new ModelEvent.ToolCallArgumentsDelta("t1", "{}"),
                new ModelEvent.ToolCallCompleted("t1", "read_file", "{}"),
                new ModelEvent.TextDelta("C"),
                new ModelEvent.ToolCallStarted("t2", "list_dir"),
                new ModelEvent.ThinkingDelta("still open"))) {
            collector.onEvent(event);
        }

        assertEquals(ModelMessage.Assistant.of(
                new ModelMessage.Thinking("weigh options", ""),
                new ModelMessage.Text("AB"),
                new ModelMessage.Thinking("", "sig-empty"),
                new ToolCall("t1", "read_file", "{}"),
                new ModelMessage.Text("C"),
                new ModelMessage.Thinking("still open", "")), collector.message());
    }

    @Test
    void dropsTrailingWhitespaceOnlyWhereTheAnthropicPrefillEnds() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromText(DONE)) {
            ModelRequest request = ModelRequest.of(List.of(new ModelMessage.User("go"), ModelMessage.Assistant.of(
                    new ModelMessage.Text("Before the call.\n"), new ToolCall("toolu_1", "read_file", "{}"),
                    new ModelMessage.Text("After it, \n"))), List.of());
            h.run(Harness.anthropic(model), request);

            assertEquals("[{\"type\":\"text\",\"text\":\"Before the call.\\n\"},"
                    + "{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"read_file\",\"input\":{}},"
                    + "{\"type\":\"text\",\"text\":\"After it,\"}]",
                    model.requestJson(0).at("/messages/1/content").toString());
        }
    }

    @Test
    void anAssistantMessageRefusesANullBlockAndCannotBeChangedAfterwards() {
        List<ModelMessage.Block> blocks = new ArrayList<>(List.of(new ModelMessage.Text("a")));
        ModelMessage.Assistant message = new ModelMessage.Assistant(blocks);
        blocks.add(new ModelMessage.Text("b"));

        assertEquals("a", message.text());
        assertThrows(UnsupportedOperationException.class, () -> message.blocks().add(new ModelMessage.Text("c")));
        assertThrows(NullPointerException.class, () -> ModelMessage.Assistant.of(new ModelMessage.Text("a"), null));
        assertEquals(ModelMessage.Assistant.of(), ModelMessage.Assistant.text(""));
    }
}
