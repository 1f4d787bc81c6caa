package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.LlmSettings;
import dev.agentls.config.Timeouts;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A model that drips content (one character at a time, often enough that neither the idle nor the no-progress wait
 * fires) is stopped at the whole-answer bound: a typed timeout whose message says how long the answer took and names
 * the setting, the connection closed, nothing retried and no finish passed off as whole. An answer that ends within
 * the bound is untouched. The bound is short here and the byte and progress waits long, so only it can fire.
 */
class WholeAnswerTimeoutTest {

    private static final Duration BOUND = Duration.ofMillis(400);

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private static LlmSettings bounded(LlmSettings s, Duration wholeAnswer) {
        return Harness.withTimeouts(s, new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(20),
                Duration.ofSeconds(20), Duration.ofSeconds(20), wholeAnswer));
    }

    private static String chunk(String text, int delayMs) {
        return "{\"type\":\"sse\",\"delayMs\":" + delayMs + ",\"data\":{\"choices\":[{\"index\":0,\"delta\":"
                + "{\"content\":\"" + text + "\"},\"finish_reason\":null}]}}\n";
    }

    @Test
    void aModelDrippingOneCharacterAtATimeIsStoppedAtTheWholeAnswerBound() throws Exception {
        try (ScriptedModel model = ScriptedModel.endless("{\"type\":\"response\"}\n" + chunk("x", 20))) {
            ModelFailure failure = Harness.failure(h.run(bounded(Harness.openai(model), BOUND),
                    Harness.ask("hello?")));

            assertEquals(new ModelFailure.Timeout(ModelFailure.TimeoutKind.WHOLE_ANSWER, BOUND), failure);
            assertEquals("the answer took longer than 0.4 s, so the call was stopped"
                    + " (agentls.llm.timeouts.wholeAnswer)", failure.message());
            assertFalse(h.text().isEmpty(), "the drip reached the listener before the bound");
            assertTrue(h.all(ModelEvent.Finished.class).isEmpty(), "a stopped answer is never passed off as whole");
            assertNotNull(model.writeFailed().get(20, TimeUnit.SECONDS), "the server saw the connection closed");
            assertEquals(1, model.requests().size(), "a stopped answer is not retried");
        }
    }

    @Test
    void anAnswerEndingWithinTheBoundCompletes() throws Exception {
        String script = "{\"type\":\"response\"}\n" + chunk("Hel", 10) + chunk("lo", 10)
                + "{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}}\n"
                + "{\"type\":\"sse\",\"data\":\"[DONE]\"}\n";
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            ModelOutcome outcome = h.run(bounded(Harness.openai(model), Duration.ofSeconds(20)),
                    Harness.ask("hello?"));

            assertEquals(FinishReason.STOP, assertInstanceOf(ModelOutcome.Completed.class, outcome).reason());
            assertEquals("Hello", h.text());
            model.assertAllConsumed();
        }
    }

    @Test
    void theBoundDefaultsToTwentyMinutesAndMessagesWholeSeconds() {
        assertEquals(Duration.ofMinutes(20), Timeouts.DEFAULTS.wholeAnswer());
        assertEquals("the answer took longer than 1200 s, so the call was stopped"
                + " (agentls.llm.timeouts.wholeAnswer)", new ModelFailure.Timeout(ModelFailure.TimeoutKind
                .WHOLE_ANSWER, Timeouts.DEFAULTS.wholeAnswer()).message());
    }
}
