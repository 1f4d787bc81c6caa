package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.LlmSettings;
import dev.agentls.config.Timeouts;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A stream that only keeps itself alive is a stall: keep-alives (Anthropic {@code ping} events, SSE comments, empty
 * deltas) restart the byte waits but not the no-progress wait, so such a call ends with a typed timeout naming the
 * wait and its limit, its connection closed; content (thinking included) moves the deadline, so a stream with pings
 * between content arriving in time completes. The byte waits are long here, so only the no-progress wait can fire.
 */
@Tag("slow")
class StallTimeoutTest {

    private static final Duration STALL = Duration.ofMillis(300);
    private static final String MESSAGE_START = "{\"type\":\"sse\",\"event\":\"message_start\",\"data\":{\"type\":"
            + "\"message_start\",\"message\":{\"id\":\"m\",\"usage\":{\"input_tokens\":5,\"output_tokens\":1}}}}\n";

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private static LlmSettings stallAfter(LlmSettings s, Duration noProgress) {
        return Harness.withTimeouts(s, new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(20),
                Duration.ofSeconds(20), noProgress));
    }

    private static String ping(int delayMs) {
        return "{\"type\":\"sse\",\"event\":\"ping\",\"delayMs\":" + delayMs + ",\"data\":{\"type\":\"ping\"}}\n";
    }

    private static String anthropicDelta(int index, String type, String field, String text, int delayMs) {
        return "{\"type\":\"sse\",\"event\":\"content_block_delta\",\"delayMs\":" + delayMs + ",\"data\":{\"type\":"
                + "\"content_block_delta\",\"index\":" + index + ",\"delta\":{\"type\":\"" + type + "\",\"" + field
                + "\":\"" + text + "\"}}}\n";
    }

    private static String blockStart(int index, String type) {
        String field = type.equals("thinking") ? "thinking" : "text";
        return "{\"type\":\"sse\",\"event\":\"content_block_start\",\"data\":{\"type\":\"content_block_start\",\"index\":"
                + index + ",\"content_block\":{\"type\":\"" + type + "\",\"" + field + "\":\"\"}}}\n";
    }

    private static String blockStop(int index) {
        return "{\"type\":\"sse\",\"event\":\"content_block_stop\",\"data\":{\"type\":\"content_block_stop\","
                + "\"index\":" + index + "}}\n";
    }

    private static void assertStall(ModelFailure failure, Duration limit) {
        assertEquals(new ModelFailure.Timeout(ModelFailure.TimeoutKind.NO_PROGRESS, limit), failure);
        assertEquals("no answer content (text, thinking or a tool call; keep-alives do not count) within "
                + limit.toMillis() + " ms (agentls.llm.timeouts.noProgress)", failure.message());
    }

    @Test
    void anAnthropicStreamOfPingsOnlyIsAStallThatEndsTheCallAndClosesTheConnection() throws Exception {
        try (ScriptedModel model = ScriptedModel.endless("{\"type\":\"response\"}\n" + MESSAGE_START + ping(20))) {
            ModelFailure failure = Harness.failure(h.run(stallAfter(Harness.anthropic(model), STALL),
                    Harness.ask("hello?")));

            assertStall(failure, STALL);
            assertNotNull(model.writeFailed().get(20, TimeUnit.SECONDS), "the server saw the connection closed");
            assertTrue(h.events.isEmpty(), "nothing was delivered: " + h.events);
            assertEquals(1, model.requests().size(), "a stall is not retried");
        }
    }

    @Test
    void sseCommentsAndEmptyDeltasAfterSomeTextAreAStallToo() throws Exception {
        String script = "{\"type\":\"response\"}\n"
                + "{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"},"
                + "\"finish_reason\":null}]}}\n"
                + "{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\"},"
                + "\"finish_reason\":null}]}}\n"
                + "{\"type\":\"sse\",\"delayMs\":20,\"data\":{\"choices\":[{\"index\":0,\"delta\":{},"
                + "\"finish_reason\":null}]}}\n"
                + "{\"type\":\"raw\",\"delayMs\":20,\"text\":\": keep-alive\\n\\n\"}\n";
        try (ScriptedModel model = ScriptedModel.endless(script)) {
            ModelFailure failure = Harness.failure(h.run(stallAfter(Harness.openai(model), STALL),
                    Harness.ask("hello?")));

            assertStall(failure, STALL);
            assertEquals("Hel", h.text(), "what came before the stall was delivered");
            assertTrue(h.all(ModelEvent.Finished.class).isEmpty(), "a stalled answer is never passed off as whole");
            assertNotNull(model.writeFailed().get(20, TimeUnit.SECONDS), "the server saw the connection closed");
        }
    }

    @Test
    void silenceAfterContentEndsAtTheNoProgressWaitWhenItIsShorterThanTheIdleWait() throws Exception {
        String script = "{\"type\":\"response\"}\n" + MESSAGE_START + blockStart(0, "text")
                + anthropicDelta(0, "text_delta", "text", "Hel", 0)
                + anthropicDelta(0, "text_delta", "text", "lo", 1_000);
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelFailure failure = Harness.failure(h.run(stallAfter(Harness.anthropic(model), STALL),
                    Harness.ask("hello?")));

            assertStall(failure, STALL);
            assertEquals("Hel", h.text());
        }
    }

    @Test
    void pingsBetweenThinkingAndTextArrivingInTimeDoNotStopTheAnswer() throws Exception {
        // Each piece of content comes 200 ms after the one before, with pings in between: the whole answer takes
        // longer than the 500 ms wait, which only a deadline moved by content allows.
        Duration wait = Duration.ofMillis(500);
        String script = "{\"type\":\"response\"}\n" + MESSAGE_START + blockStart(0, "thinking")
                + ping(100) + anthropicDelta(0, "thinking_delta", "thinking", "Long ", 100)
                + ping(100) + anthropicDelta(0, "thinking_delta", "thinking", "thought.", 100)
                + anthropicDelta(0, "signature_delta", "signature", "c2ln", 0) + blockStop(0)
                + blockStart(1, "text")
                + ping(100) + anthropicDelta(1, "text_delta", "text", "Done", 100)
                + ping(100) + anthropicDelta(1, "text_delta", "text", ".", 100) + blockStop(1)
                + "{\"type\":\"sse\",\"event\":\"message_delta\",\"data\":{\"type\":\"message_delta\",\"delta\":"
                + "{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":9}}}\n"
                + "{\"type\":\"sse\",\"event\":\"message_stop\",\"data\":{\"type\":\"message_stop\"}}\n";
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelOutcome outcome = h.run(stallAfter(Harness.anthropic(model), wait), Harness.ask("think"));

            assertEquals(FinishReason.STOP, assertInstanceOf(ModelOutcome.Completed.class, outcome).reason());
            assertEquals("Long thought.", h.thinking());
            assertEquals("Done.", h.text());
            assertEquals(List.of(new ModelEvent.ThinkingSignature("c2ln")), h.all(ModelEvent.ThinkingSignature.class));
            model.assertAllConsumed();
        }
    }
}
