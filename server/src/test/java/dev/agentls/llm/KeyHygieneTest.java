package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The key must reach the provider and nothing else: not a log line at any level, not an event, not a failure, even
 * when the provider echoes the request headers back in its error bodies and error events.
 */
class KeyHygieneTest {

    private static final String KEY = "sk-LEAK-CANARY-7f3a9c1e5b2d";

    private final Harness h = new Harness();
    private final Logger logger = Logger.getLogger(StreamingModelClient.LOGGER);
    private final List<String> lines = new ArrayList<>();
    private final Handler capture = new Handler() {
        private final SimpleFormatter format = new SimpleFormatter();

        @Override
        public void publish(LogRecord record) {
            synchronized (lines) {
                lines.add(format.format(record));
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };
    private Level previous;

    @BeforeEach
    void captureEveryLevel() {
        previous = logger.getLevel();
        logger.setLevel(Level.ALL);
        capture.setLevel(Level.ALL);
        logger.addHandler(capture);
        h.env.put(Harness.KEY_ENV, KEY);
    }

    @AfterEach
    void restore() {
        logger.removeHandler(capture);
        logger.setLevel(previous);
        h.close();
    }

    @Test
    void theKeyAppearsInNoLogLineEventOrErrorEvenWhenTheProviderEchoesIt() throws Exception {
        String echo = "Authorization: Bearer " + KEY;
        String script = String.join("\n",
                "{\"type\":\"response\",\"status\":500,\"headers\":{\"Content-Type\":\"application/json\"}}",
                "{\"type\":\"raw\",\"text\":" + json("{\"error\":{\"message\":\"upstream failed for " + echo + "\"}}") + "}",
                "{\"type\":\"response\",\"status\":429,\"headers\":{\"Content-Type\":\"text/plain\",\"Retry-After\":\"1\"}}",
                "{\"type\":\"raw\",\"text\":" + json("slow down, " + echo) + "}",
                "{\"type\":\"response\"}",
                "{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"},\"finish_reason\":null}]}}",
                "{\"type\":\"sse\",\"data\":{\"error\":{\"message\":\"stream broke; request had " + echo.replace("\"", "") + "\"}}}",
                "{\"type\":\"response\",\"status\":401,\"headers\":{\"Content-Type\":\"application/json\"}}",
                "{\"type\":\"raw\",\"text\":" + json("{\"error\":{\"message\":\"bad key " + KEY + "\"}}") + "}",
                "");
        List<ModelFailure> failures = new ArrayList<>();
        try (ScriptedModel model = ScriptedModel.fromText(script)) {
            failures.add(Harness.failure(h.run(Harness.openai(model), Harness.ask("hi"))));
            failures.add(Harness.failure(h.run(Harness.openai(model), Harness.ask("again"))));
            assertEquals(KEY, model.requests().get(0).getHeaders().get("Authorization").substring(7), "the key was sent");
            model.assertAllConsumed();
        }

        assertTrue(lines.size() >= 5, "something was logged: " + lines);
        assertTrue(lines.stream().anyMatch(l -> l.contains("Authorization: " + KeyRedactor.MASK)), lines.toString());
        for (String line : lines) {
            assertFalse(line.contains(KEY), "log line leaks the key: " + line);
        }
        for (ModelEvent event : h.events) {
            assertFalse(event.toString().contains(KEY), "event leaks the key: " + event);
        }
        assertEquals(2, h.all(ModelEvent.Retrying.class).size());
        for (ModelFailure failure : failures) {
            assertFalse(failure.message().contains(KEY), "failure leaks the key: " + failure);
            assertFalse(failure.toString().contains(KEY), "failure leaks the key: " + failure);
        }
        assertTrue(failures.get(0).message().contains("request had Authorization: Bearer " + KeyRedactor.MASK),
                failures.get(0).message());
        assertEquals(new ModelFailure.Unauthorized(401, "bad key " + KeyRedactor.MASK), failures.get(1));
    }

    @Test
    void theReasoningAndSizeLimitFailuresCarryNoKeyWhenTheStreamEchoesIt() throws Exception {
        String echo = "x-api-key: " + KEY;
        String start = "{\"type\":\"response\"}\n{\"type\":\"sse\",\"event\":\"message_start\",\"data\":{\"type\":"
                + "\"message_start\",\"echo\":\"" + echo + "\",\"message\":{\"usage\":{\"input_tokens\":5}}}}\n";
        String badRedacted = start + "{\"type\":\"sse\",\"event\":\"content_block_start\",\"data\":{\"type\":"
                + "\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"redacted_thinking\","
                + "\"data\":{\"echo\":\"" + echo + "\"}}}}\n";
        String tooLong = start + "{\"type\":\"sse\",\"event\":\"content_block_start\",\"data\":{\"type\":"
                + "\"content_block_start\",\"index\":0,\"echo\":\"" + echo + "\",\"content_block\":{\"type\":\"text\","
                + "\"text\":\"" + "words ".repeat(300) + "\"}}}\n";
        List<ModelFailure> failures = new ArrayList<>();
        try (ScriptedModel model = ScriptedModel.fromText(badRedacted + tooLong)) {
            var settings = Harness.withMaxAnswerChars(Harness.anthropic(model), 1_000);
            failures.add(Harness.failure(h.run(settings, Harness.ask("think"))));
            failures.add(Harness.failure(h.run(settings, Harness.ask("talk"))));
            assertEquals(KEY, model.requests().get(0).getHeaders().get("x-api-key"), "the key was sent");
            model.assertAllConsumed();
        }

        assertEquals(new ModelFailure.ProtocolError("redacted_thinking block 0 has no data (expected a non-empty"
                + " string, got object)"), failures.get(0));
        assertEquals(new ModelFailure.AnswerTooLarge(1_000, 1_800), failures.get(1));
        assertTrue(lines.stream().anyMatch(l -> l.contains("x-api-key: " + KeyRedactor.MASK)), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("size limit of 1000")), lines.toString());
        for (String line : lines) {
            assertFalse(line.contains(KEY), "log line leaks the key: " + line);
        }
        for (ModelEvent event : h.events) {
            assertFalse(event.toString().contains(KEY), "event leaks the key: " + event);
        }
        for (ModelFailure failure : failures) {
            assertFalse(failure.toString().contains(KEY) || failure.message().contains(KEY), failure.toString());
        }
    }

    private static String json(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
