package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.LlmSettings;
import dev.agentls.config.Provider;
import dev.agentls.config.RetryPolicy;
import dev.agentls.config.ToolMode;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.TranscriptReader;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every recorded provider stream of {@code ../shared/real-model-wire/} (read at test time, never copied here),
 * served byte for byte by the product's replay server to the product's client, must mean what its
 * {@code expected.json} says: text, thinking, signatures, redacted blocks, tool calls, usage, finish, the blocks kept
 * for the history, or the failure and what streamed before it. Settings as the folder's README asks: no key
 * (loopback), continuation rounds 0, the case's attempts, no tools.
 */
@Tag("slow")
class RealModelWireTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Path folder() {
        return Path.of(System.getProperty("agentls.repoRoot", "."), "..", "shared", "real-model-wire");
    }

    private static JsonNode expected() throws IOException {
        Path file = folder().resolve("expected.json");
        assumeTrue(Files.isRegularFile(file), "real-model-wire not found at " + folder());
        return JSON.readTree(file.toFile());
    }

    @Test
    void everyRecordedStreamOfTheFolderHasItsExpectedMeaningAndNoneIsLeftOut() throws IOException {
        JsonNode expected = expected();
        TreeSet<String> recorded = new TreeSet<>();
        try (Stream<Path> files = Files.list(folder())) {
            files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jsonl"))
                    .forEach(n -> recorded.add(n.substring(0, n.length() - ".jsonl".length())));
        }
        TreeSet<String> described = new TreeSet<>();
        expected.fieldNames().forEachRemaining(described::add);
        assertEquals(recorded, described);
        assertEquals(42, described.size(), "the folder's README promises 42 recorded cases");
    }

    @TestFactory
    Stream<DynamicTest> eachRecordedStreamMeansWhatTheProviderMeant() throws IOException {
        JsonNode expected = expected();
        List<DynamicTest> tests = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            tests.add(DynamicTest.dynamicTest(entry.getKey(), () -> replay(entry.getKey(), entry.getValue())));
        }
        return tests.stream();
    }

    private static void replay(String id, JsonNode spec) throws Exception {
        var transcript = new TranscriptReader().read(folder().resolve(id + ".jsonl"));
        List<String> log = new CopyOnWriteArrayList<>();
        try (Harness h = new Harness()) {
            h.env.clear();
            try (ReplayServer server = ReplayServer.start(transcript, 0, h.executor, log::add)) {
                Provider provider = Provider.valueOf(spec.get("provider").asText().toUpperCase(java.util.Locale.ROOT));
                URI base = URI.create(server.baseUrl() + (provider == Provider.OPENAI ? "/v1" : ""));
                LlmSettings settings = settingsFor(Harness.settings(provider, base), spec);
                AnswerCollector answer = new AnswerCollector(h.events::add);
                ModelOutcome outcome = h.client(settings).stream(Harness.ask("replayed"), answer)
                        .outcome().get(30, TimeUnit.SECONDS);
                Meaning.of(id, spec.get("meaning")).check(h, answer.message(), outcome);
                server.allServed().get(10, TimeUnit.SECONDS);
            }
        }
    }

    private static LlmSettings settingsFor(LlmSettings s, JsonNode spec) {
        ToolMode mode = spec.get("toolMode").asText().equals("xml") ? ToolMode.XML : ToolMode.NATIVE;
        RetryPolicy retries = new RetryPolicy(spec.get("maxAttempts").asInt(), Duration.ofMillis(500),
                Duration.ofSeconds(8));
        return new LlmSettings(s.provider(), s.baseUrl(), s.model(), s.apiKeyEnv(), mode, s.maxOutputTokens(),
                s.contextWindow(), s.safeZone(), s.timeouts(), retries, 0, s.prices(), s.maxTokensField(),
                s.maxAnswerChars(), s.thinking());
    }

    /** One case's {@code meaning}, checked against what the client delivered. */
    private record Meaning(String id, JsonNode m) {

        static Meaning of(String id, JsonNode meaning) {
            return new Meaning(id, meaning);
        }

        void check(Harness h, ModelMessage.Assistant message, ModelOutcome outcome) {
            if (m.has("failure")) {
                checkFailure(h, outcome);
                return;
            }
            assertTrue(outcome instanceof ModelOutcome.Completed, id + ": expected a whole answer, got " + outcome);
            boolean trim = m.path("trim").asBoolean(false);
            String text = m.get("text").asText() + m.path("refusal").asText("");
            assertEquals(trimmed(text, trim), trimmed(h.text(), trim), id + ": text");
            assertEquals(trimmed(m.get("thinking").asText(), trim), trimmed(h.thinking(), trim), id + ": thinking");
            assertEquals(strings(m.get("signatures")),
                    h.all(ModelEvent.ThinkingSignature.class).stream().map(ModelEvent.ThinkingSignature::signature)
                            .toList(), id + ": signatures");
            assertEquals(strings(m.get("redacted")),
                    h.all(ModelEvent.RedactedThinking.class).stream().map(ModelEvent.RedactedThinking::data)
                            .toList(), id + ": redacted thinking");
            List<String> calls = new ArrayList<>();
            m.get("toolCalls").forEach(c -> calls.add(c.get("id").asText() + " " + c.get("name").asText() + " "
                    + c.get("arguments").asText()));
            assertEquals(calls, h.all(ModelEvent.ToolCallCompleted.class).stream()
                    .map(c -> c.id() + " " + c.name() + " " + c.argumentsJson()).toList(), id + ": tool calls");
            checkUsage(h);
            List<ModelEvent.Finished> finished = h.all(ModelEvent.Finished.class);
            assertEquals(1, finished.size(), id + ": one Finished event");
            assertTrue(strings(m.get("finish")).contains(finished.get(0).reason().name()),
                    id + ": finish " + finished.get(0).reason() + " not in " + m.get("finish"));
            assertEquals(m.get("providerReason").asText(), finished.get(0).providerReason(), id + ": provider reason");
            assertEquals(m.path("retried").asBoolean(false), !h.all(ModelEvent.Retrying.class).isEmpty(),
                    id + ": retried");
            if (m.has("blocks")) {
                assertEquals(blocks(m.get("blocks")), blocks(message), id + ": the answer's blocks, in order");
            }
        }

        private void checkFailure(Harness h, ModelOutcome outcome) {
            assertTrue(outcome instanceof ModelOutcome.Failed, id + ": expected a failure, got " + outcome);
            ModelFailure failure = ((ModelOutcome.Failed) outcome).failure();
            JsonNode want = m.get("failure");
            if (want.has("kind")) {
                assertEquals(want.get("kind").asText(), failure.getClass().getSimpleName(), id + ": " + failure);
            }
            assertTrue(failure.message().contains(want.get("message").asText()),
                    id + ": '" + failure.message() + "' should contain '" + want.get("message").asText() + "'");
            assertEquals(m.path("textBeforeFailure").asText(""), h.text(), id + ": text before the failure");
            assertEquals(m.path("thinkingBeforeFailure").asText(""), h.thinking(), id + ": thinking before it");
            assertTrue(h.all(ModelEvent.Finished.class).isEmpty(), id + ": a failed answer never says Finished");
        }

        private void checkUsage(Harness h) {
            List<ModelEvent.Usage> usage = h.all(ModelEvent.Usage.class);
            JsonNode want = m.get("usage");
            if (want == null || want.isNull()) {
                assertEquals(List.of(), usage, id + ": the provider reported no usage");
                return;
            }
            assertEquals(1, usage.size(), id + ": one Usage event");
            assertEquals(new TokenUsage(want.get("input").asLong(), want.get("output").asLong(),
                    want.get("cached").asLong()), usage.get(0).tokens(), id + ": usage");
        }

        private static String trimmed(String text, boolean trim) {
            return trim ? text.strip() : text;
        }

        private static List<String> strings(JsonNode array) {
            List<String> out = new ArrayList<>();
            array.forEach(n -> out.add(n.asText()));
            return out;
        }

        private static List<String> blocks(JsonNode expected) {
            List<String> out = new ArrayList<>();
            expected.forEach(b -> out.add(b.get("type").asText() + (b.has("signature") ? " " + b.get("signature").asText() : "")
                    + (b.has("id") ? " " + b.get("id").asText() : "")));
            return out;
        }

        private static List<String> blocks(ModelMessage.Assistant message) {
            List<String> out = new ArrayList<>();
            for (ModelMessage.Block block : message.blocks()) {
                if (block instanceof ModelMessage.Text) {
                    out.add("text");
                } else if (block instanceof ModelMessage.Thinking t) {
                    out.add("thinking" + (t.signature().isEmpty() ? "" : " " + t.signature()));
                } else if (block instanceof ModelMessage.RedactedThinking) {
                    out.add("redacted");
                } else if (block instanceof ToolCall c) {
                    out.add("tool " + c.id());
                }
            }
            return out;
        }
    }
}
