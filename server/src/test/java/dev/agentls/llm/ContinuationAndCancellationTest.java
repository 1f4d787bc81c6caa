package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Continuation after a length stop, and cancellation at each point of a call. */
class ContinuationAndCancellationTest {

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private static String openAiRound(String text, String reason, int in, int out) {
        return "{\"type\":\"response\"}\n"
                + "{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text + "\"},\"finish_reason\":null}]}}\n"
                + "{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"" + reason + "\"}]}}\n"
                + "{\"type\":\"sse\",\"data\":{\"choices\":[],\"usage\":{\"prompt_tokens\":" + in + ",\"completion_tokens\":" + out + "}}}\n"
                + "{\"type\":\"sse\",\"data\":\"[DONE]\"}\n";
    }

    @Test
    void continuesAnAnswerCutByTheOutputLimitAsOneLogicalAnswer() throws Exception {
        String script = openAiRound("Hello wor", "length", 100, 9) + openAiRound("ld!", "stop", 110, 3);
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelOutcome outcome = h.run(Harness.openai(model), Harness.ask("greet"));

            assertEquals("Hello world!", h.text());
            assertEquals(List.of(new ModelEvent.Finished(FinishReason.STOP, "stop")), h.all(ModelEvent.Finished.class));
            assertEquals(List.of(new ModelEvent.Usage(new TokenUsage(210, 12, 0), Optional.empty())),
                    h.all(ModelEvent.Usage.class));
            assertInstanceOf(ModelOutcome.Completed.class, outcome);
            JsonNode second = model.requestJson(1).get("messages");
            assertEquals(3, second.size());
            assertEquals("assistant", second.get(2).get("role").asText());
            assertEquals("Hello wor", second.get(2).get("content").asText());
            model.assertAllConsumed();
        }
    }

    @Test
    void stopsContinuingAfterTheConfiguredRoundsAndReportsLength() throws Exception {
        String script = openAiRound("a", "length", 1, 1) + openAiRound("b", "length", 1, 1) + openAiRound("c", "length", 1, 1);
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelOutcome outcome = h.run(Harness.openai(model), Harness.ask("long"));

            assertEquals("abc", h.text());
            assertEquals(FinishReason.LENGTH, ((ModelOutcome.Completed) outcome).reason());
            assertEquals("ab", model.requestJson(2).at("/messages/2/content").asText());
            model.assertAllConsumed();
        }
    }

    @Test
    void continuesAnAnthropicAnswerWithTheTextAsPrefill() throws Exception {
        String round1 = """
                {"type":"response"}
                {"type":"sse","event":"message_start","data":{"type":"message_start","message":{"usage":{"input_tokens":10,"output_tokens":1}}}}
                {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}}
                {"type":"sse","event":"content_block_delta","data":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"First part, "}}}
                {"type":"sse","event":"content_block_stop","data":{"type":"content_block_stop","index":0}}
                {"type":"sse","event":"message_delta","data":{"type":"message_delta","delta":{"stop_reason":"max_tokens"},"usage":{"output_tokens":4}}}
                {"type":"sse","event":"message_stop","data":{"type":"message_stop"}}
                """;
        String round2 = round1.replace("First part, ", "second part.").replace("max_tokens", "end_turn");
        try (ScriptedModel model = ScriptedModel.fromText(round1 + round2)) {
            ModelOutcome outcome = h.run(Harness.anthropic(model), Harness.ask("write"));

            assertEquals("First part, second part.", h.text());
            assertEquals(FinishReason.STOP, ((ModelOutcome.Completed) outcome).reason());
            JsonNode last = model.requestJson(1).get("messages").get(1);
            assertEquals("assistant", last.get("role").asText());
            assertEquals("First part,", last.at("/content/0/text").asText(), "prefill without trailing whitespace");
            model.assertAllConsumed();
        }
    }

    @Test
    void cancellingMidStreamClosesTheConnectionAndDeliversNothingMore() throws Exception {
        StringBuilder script = new StringBuilder("{\"type\":\"response\"}\n");
        for (int i = 0; i < 200; i++) {
            script.append("{\"type\":\"sse\",\"delayMs\":").append(i == 0 ? 0 : 50)
                    .append(",\"data\":{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"chunk").append(i)
                    .append(" \"},\"finish_reason\":null}]}}\n");
        }
        try (ScriptedModel model = ScriptedModel.fromText(script.toString())) {
            CompletableFuture<Void> firstText = new CompletableFuture<>();
            ModelCall call = h.client(Harness.openai(model)).stream(Harness.ask("go on"), event -> {
                h.events.add(event);
                if (event instanceof ModelEvent.TextDelta) {
                    firstText.complete(null);
                }
            });
            firstText.get(30, TimeUnit.SECONDS);
            call.cancel();
            int seen = h.events.size();

            assertEquals(new ModelOutcome.Failed(new ModelFailure.Cancelled()), call.outcome().get(30, TimeUnit.SECONDS));
            IOException serverSide = model.writeFailed().get(30, TimeUnit.SECONDS);
            assertTrue(serverSide != null, "the server saw the connection closed");
            assertEquals(seen, h.events.size(), "no event after cancel() returned");
            assertTrue(h.events.stream().noneMatch(e -> e instanceof ModelEvent.Finished));
        }
    }

    @Test
    void cancellingDuringABackoffEndsTheCallWithoutTheNextAttempt() throws Exception {
        String script = "{\"type\":\"response\",\"status\":503,\"headers\":{\"Content-Type\":\"application/json\"}}\n"
                + "{\"type\":\"raw\",\"text\":\"{}\"}\n";
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            CompletableFuture<ModelCall> self = new CompletableFuture<>();
            StreamingModelClient client = new StreamingModelClient(Harness.openai(model), h.env::get, h.clock,
                    (delay, cancelled) -> {
                        self.join().cancel();
                        assertTrue(cancelled.await(10, TimeUnit.SECONDS), "cancel wakes the sleeper");
                    }, new java.util.Random(1), h.executor);
            ModelCall call = client.stream(Harness.ask("hi"), h.events::add);
            self.complete(call);

            assertEquals(new ModelOutcome.Failed(new ModelFailure.Cancelled()), call.outcome().get(30, TimeUnit.SECONDS));
            assertEquals(1, model.requests().size());
        }
    }
}
