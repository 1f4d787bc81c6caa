package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * One answer may stream at most {@code maxAnswerChars} characters (text, thinking, redacted data, tool arguments)
 * over all its continuation rounds. Past that the call ends in {@link ModelFailure.AnswerTooLarge} saying the limit
 * and what arrived, nothing past the limit reaches the listener, and the connection is closed, which the scripted
 * model sees as a failed write.
 */
@Tag("slow")
class AnswerSizeLimitTest {

    private static final int LIMIT = 100_000;
    private static final String TEN = "0123456789";

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private static String textFrame(String text, String finish) {
        return "{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text
                + "\"},\"finish_reason\":" + (finish == null ? "null" : "\"" + finish + "\"") + "}]}}\n";
    }

    private static String lengthRound(String text) {
        return "{\"type\":\"response\"}\n" + textFrame(text, null) + textFrame("", "length")
                + "{\"type\":\"sse\",\"data\":\"[DONE]\"}\n";
    }

    private ModelOutcome runToEnd(dev.agentls.config.LlmSettings settings) throws Exception {
        return h.client(Harness.withMaxAnswerChars(settings, LIMIT)).stream(Harness.ask("go on"), h.events::add)
                .outcome().get(30, TimeUnit.SECONDS);
    }

    private void assertStoppedAtTheLimit(ScriptedModel model, ModelFailure failure, long received) throws Exception {
        assertEquals(new ModelFailure.AnswerTooLarge(LIMIT, received), failure);
        assertEquals("the answer passed its size limit of 100000 characters (" + received + " had arrived), so the"
                + " call was stopped; ask for a shorter answer, or raise agentls.llm.maxAnswerChars", failure.message());
        assertNotNull(model.writeFailed().get(30, TimeUnit.SECONDS), "the server saw the connection closed");
        assertTrue(h.all(ModelEvent.Finished.class).isEmpty(), "no finish after the limit");
        assertTrue(h.all(ModelEvent.Retrying.class).isEmpty(), "a too large answer is not retried");
    }

    @Test
    void aModelStreamingWithoutEndIsStoppedAtTheLimitAndItsConnectionClosed() throws Exception {
        try (ScriptedModel model = ScriptedModel.endless("{\"type\":\"response\"}\n" + textFrame(TEN, null))) {
            ModelFailure failure = Harness.failure(runToEnd(Harness.openai(model)));

            assertStoppedAtTheLimit(model, failure, LIMIT + TEN.length());
            assertEquals(LIMIT, h.text().length(), "everything up to the limit was delivered, nothing past it");
            assertEquals(1, model.requests().size());
        }
    }

    @Test
    void aContinuationChainThatTogetherPassesTheLimitFailsTheSameWay() throws Exception {
        String round = TEN.repeat(4_000);
        String script = lengthRound(round) + lengthRound(round) + "{\"type\":\"response\"}\n" + textFrame(TEN, null);
        try (ScriptedModel model = ScriptedModel.endless(script)) {
            ModelFailure failure = Harness.failure(runToEnd(Harness.openai(model)));

            assertStoppedAtTheLimit(model, failure, LIMIT + TEN.length());
            assertEquals(3, model.requests().size(), "two continuations were asked for");
            assertEquals(2 * round.length(), model.requestJson(2).at("/messages/2/content").asText().length());
            assertEquals(LIMIT, h.text().length());
        }
    }

    @Test
    void toolCallArgumentsCountTowardsTheLimit() throws Exception {
        String start = "{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
                + "\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"write_to_file\",\"arguments\":\"\"}}]},"
                + "\"finish_reason\":null}]}}\n";
        String more = "{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
                + "\"function\":{\"arguments\":\"" + TEN.repeat(100) + "\"}}]},\"finish_reason\":null}]}}\n";
        try (ScriptedModel model = ScriptedModel.endless("{\"type\":\"response\"}\n" + start + more)) {
            ModelFailure failure = Harness.failure(runToEnd(Harness.openai(model)));

            assertStoppedAtTheLimit(model, failure, LIMIT + 1_000);
            long delivered = h.all(ModelEvent.ToolCallArgumentsDelta.class).stream()
                    .mapToLong(d -> d.fragment().length()).sum();
            assertEquals(LIMIT, delivered);
            assertTrue(h.all(ModelEvent.ToolCallCompleted.class).isEmpty());
        }
    }

    @Test
    void inXmlToolModeTheRawTextCountsIncludingATagStillOpen() throws Exception {
        String open = textFrame("Writing. <write_to_file><path>a.txt</path><content>", null);
        try (ScriptedModel model = ScriptedModel.endless("{\"type\":\"response\"}\n" + open + textFrame(TEN, null))) {
            dev.agentls.config.LlmSettings s = Harness.openai(model);
            dev.agentls.config.LlmSettings xml = new dev.agentls.config.LlmSettings(s.provider(), s.baseUrl(),
                    s.model(), s.apiKeyEnv(), dev.agentls.config.ToolMode.XML, s.maxOutputTokens(), s.contextWindow(),
                    s.safeZone(), s.timeouts(), s.retries(), s.continuationRounds(), s.prices(), s.maxTokensField(),
                    s.maxAnswerChars(), s.thinking());
            ModelRequest request = ModelRequest.of(Harness.ask("write").messages(), java.util.List.of(new ToolSpec(
                    "write_to_file", "Writes a file.", "{\"type\":\"object\"}")));
            ModelOutcome outcome = h.client(Harness.withMaxAnswerChars(xml, LIMIT)).stream(request, h.events::add)
                    .outcome().get(30, TimeUnit.SECONDS);

            int prefix = "Writing. <write_to_file><path>a.txt</path><content>".length();
            long received = prefix + (long) Math.ceil((LIMIT - prefix + 1) / 10.0) * 10;
            assertStoppedAtTheLimit(model, Harness.failure(outcome), received);
            assertTrue(h.all(ModelEvent.ToolCallCompleted.class).isEmpty());
        }
    }

    @Test
    void aHugeRedactedThinkingBlockIsStoppedByTheLimitAndNotDelivered() throws Exception {
        String data = "Rk9P".repeat(50_000);
        String script = AnthropicReasoningTest.script(
                "{\"type\":\"sse\",\"event\":\"content_block_start\",\"data\":{\"type\":\"content_block_start\","
                        + "\"index\":0,\"content_block\":{\"type\":\"redacted_thinking\",\"data\":\"" + data + "\"}}}");
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure failure = Harness.failure(runToEnd(Harness.anthropic(model)));

            assertEquals(new ModelFailure.AnswerTooLarge(LIMIT, data.length()), failure);
            assertTrue(h.all(ModelEvent.RedactedThinking.class).isEmpty());
        }
    }

    @Test
    void anAnswerOfExactlyTheLimitCompletesAndOneCharacterMoreDoesNot() throws Exception {
        String exact = "{\"type\":\"response\"}\n" + textFrame(TEN.repeat(LIMIT / 20), null)
                + textFrame(TEN.repeat(LIMIT / 20), "stop") + "{\"type\":\"sse\",\"data\":\"[DONE]\"}\n";
        try (ScriptedModel model = ScriptedModel.fromText(exact)) {
            ModelOutcome outcome = runToEnd(Harness.openai(model));

            assertEquals(FinishReason.STOP, assertInstanceOf(ModelOutcome.Completed.class, outcome).reason());
            assertEquals(LIMIT, h.text().length());
        }
        h.events.clear();
        String over = exact.replace("\"stop\"", "null").replace("{\"type\":\"sse\",\"data\":\"[DONE]\"}\n",
                textFrame("!", "stop") + "{\"type\":\"sse\",\"data\":\"[DONE]\"}\n");
        try (ScriptedModel model = ScriptedModel.fromText(over)) {
            ModelFailure failure = Harness.failure(runToEnd(Harness.openai(model)));

            assertEquals(new ModelFailure.AnswerTooLarge(LIMIT, LIMIT + 1), failure);
            assertEquals(LIMIT, h.text().length());
        }
    }
}
