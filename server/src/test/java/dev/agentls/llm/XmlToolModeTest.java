package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.LlmSettings;
import dev.agentls.config.ToolMode;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class XmlToolModeTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private static LlmSettings xml(LlmSettings s) {
        return new LlmSettings(s.provider(), s.baseUrl(), s.model(), s.apiKeyEnv(), ToolMode.XML, s.maxOutputTokens(),
                s.contextWindow(), s.safeZone(), s.timeouts(), s.retries(), s.continuationRounds(), s.prices(),
                s.maxTokensField(), s.maxAnswerChars(), s.thinking());
    }

    private static ModelRequest withTools(String text) {
        return ModelRequest.of(List.of(new ModelMessage.User(text)),
                List.of(new ToolSpec("read_file", "Reads a file.", "{\"type\":\"object\"}")));
    }

    private static String round(String reason, String... chunks) throws Exception {
        StringBuilder s = new StringBuilder("{\"type\":\"response\"}\n");
        for (String chunk : chunks) {
            s.append("{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{\"content\":")
                    .append(JSON.writeValueAsString(chunk)).append("},\"finish_reason\":null}]}}\n");
        }
        return s.append("{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"")
                .append(reason).append("\"}]}}\n").toString();
    }

    @Test
    void turnsToolTagsSplitAcrossChunksIntoToolCallsAndSendsNoNativeTools() throws Exception {
        String script = round("stop", "Let me <thin", "king>look first</thinking> read it.\n<rea", "d_file>\n<target_",
                "file>src/A<b>.java</target_file>\n</read_f", "ile> done");
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelOutcome outcome = h.run(xml(Harness.openai(model)), withTools("read"));

            assertEquals("Let me  read it.\n done", h.text());
            assertTrue(h.thinking().contains("look first"), h.thinking());
            List<ModelEvent.ToolCallStarted> started = h.all(ModelEvent.ToolCallStarted.class);
            assertEquals(1, started.size(), started.toString());
            String id = started.get(0).id();
            assertTrue(id.matches("xml_[0-9a-f]{8}_0"), id);
            assertEquals(List.of(new ModelEvent.ToolCallStarted(id, "read_file")), started);
            assertEquals(List.of(new ModelEvent.ToolCallCompleted(id, "read_file",
                    "{\"target_file\":\"src/A<b>.java\"}")), h.all(ModelEvent.ToolCallCompleted.class));
            assertEquals(FinishReason.TOOL_CALLS, ((ModelOutcome.Completed) outcome).reason());
            assertFalse(model.requestJson(0).has("tools"));
            model.assertAllConsumed();
        }
    }

    @Test
    void everyXmlCallOfAConversationGetsAnIdNoOtherCallHas() throws Exception {
        String script = round("stop", "<read_file>\n<path>a.txt</path>\n</read_file>\n<read_file>\n<path>b.txt"
                + "</path>\n</read_file>") + round("stop", "<read_file>\n<path>c.txt</path>\n</read_file>");
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            StreamingModelClient client = h.client(xml(Harness.openai(model)));
            client.stream(withTools("read two"), h.events::add).outcome().get(30, TimeUnit.SECONDS);
            client.stream(withTools("read one"), h.events::add).outcome().get(30, TimeUnit.SECONDS);

            List<String> ids = h.all(ModelEvent.ToolCallCompleted.class).stream().map(ModelEvent.ToolCallCompleted::id)
                    .toList();
            assertEquals(3, ids.size(), ids.toString());
            assertEquals(3, java.util.Set.copyOf(ids).size(), "distinct: " + ids);
            model.assertAllConsumed();
        }
    }

    @Test
    void aValueHoldingItsOwnClosingTagStaysWholeBecauseTheSchemaNamesTheParameters() throws Exception {
        String schema = "{\"type\":\"object\",\"properties\":{\"target_file\":{\"type\":\"string\"},"
                + "\"content\":{\"type\":\"string\"}}}";
        ModelRequest request = ModelRequest.of(List.of(new ModelMessage.User("write")),
                List.of(new ToolSpec("write_to_file", "Writes a file.", schema)));
        String content = "<page>\n<content>intro</content>\n<div>rest</div>\n</page>";
        String script = round("stop", "<write_to_file>\n<target_file>page.xml</target_file>\n<content>\n" + content
                + "\n</content>\n</write_to_file>");
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            h.run(xml(Harness.openai(model)), request);

            List<ModelEvent.ToolCallCompleted> calls = h.all(ModelEvent.ToolCallCompleted.class);
            assertEquals(1, calls.size(), calls.toString());
            assertEquals(content, JSON.readTree(calls.get(0).argumentsJson()).path("content").asText());
            model.assertAllConsumed();
        }
    }

    @Test
    void aToolTagCutByTheOutputLimitIsFinishedByTheContinuation() throws Exception {
        String script = round("length", "Reading.\n<read_file>\n<target_file>src/") + round("stop", "B.java</target_file>\n</read_file>");
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            h.run(xml(Harness.openai(model)), withTools("read"));

            List<ModelEvent.ToolCallCompleted> calls = h.all(ModelEvent.ToolCallCompleted.class);
            assertEquals(1, calls.size(), calls.toString());
            assertEquals("{\"target_file\":\"src/B.java\"}", calls.get(0).argumentsJson());
            assertTrue(calls.get(0).id().matches("xml_[0-9a-f]{8}_0"), calls.get(0).id());
            assertEquals("Reading.\n<read_file>\n<target_file>src/", model.requestJson(1).at("/messages/1/content").asText());
            model.assertAllConsumed();
        }
    }

    /** A tool's tag written in prose ("I will use the <read_file> tool") is the model's mistake, not a broken answer. */
    @Test
    void aToolTagLeftOpenAtTheEndIsAnUnusableCallNamingTheToolAndTheAnswerEnds() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromText(round("stop", "<read_file>\n<target_file>x</target_file>"))) {
            h.run(xml(Harness.openai(model)), withTools("read"));

            List<ModelEvent.ToolCallUnusable> unusable = h.all(ModelEvent.ToolCallUnusable.class);
            assertEquals(1, unusable.size());
            assertEquals("read_file", unusable.get(0).name());
            assertTrue(unusable.get(0).problem().contains("no </read_file>"), unusable.get(0).problem());
            assertTrue(unusable.get(0).problem().contains("target_file (1 characters)"), unusable.get(0).problem());
            assertEquals(1, h.all(ModelEvent.Finished.class).size());
            assertTrue(h.all(ModelEvent.ToolCallCompleted.class).isEmpty());
        }
    }

    @Test
    void textHeldBackByTheParserCountsAsDeliveredSoAnErrorAfterItIsNotRetried() throws Exception {
        String script = """
                {"type":"response"}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"content":"<rea"},"finish_reason":null}]}}
                {"type":"sse","data":{"error":{"message":"upstream overloaded","type":"server_error"}}}
                """;
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure failure = Harness.failure(h.run(xml(Harness.openai(model)), withTools("read")));

            assertEquals(new ModelFailure.ServerError(0, "upstream overloaded"), failure);
            assertTrue(h.all(ModelEvent.Retrying.class).isEmpty());
            assertEquals(1, model.requests().size());
            model.assertAllConsumed();
        }
    }
}
