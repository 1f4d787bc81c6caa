package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.LlmSettings;
import dev.agentls.config.Timeouts;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import okhttp3.Protocol;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Real providers answer over HTTP/2, where the idle wait and cancellation go through a stream rather than a socket.
 * The same client against the scripted model speaking cleartext HTTP/2.
 */
@Tag("slow")
class Http2Test {

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private StreamingModelClient client(LlmSettings settings) {
        return new StreamingModelClient(settings, h.env::get, h.clock, (d, c) -> h.sleeps.add(d), new Random(1),
                h.executor, b -> b.protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE)));
    }

    private static String frame(String text, String finish) {
        return "{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text
                + "\"},\"finish_reason\":" + (finish == null ? "null" : "\"" + finish + "\"") + "}]}}\n";
    }

    @Test
    void streamsAndAppliesTheIdleWaitOverHttp2() throws Exception {
        String script = "{\"type\":\"response\"}\n" + frame("one", null) + frame("two", "stop")
                + "{\"type\":\"response\"}\n" + frame("then", null)
                + "{\"type\":\"sse\",\"delayMs\":3000,\"data\":\"[DONE]\"}\n";
        try (ScriptedModel model = ScriptedModel.http2(script)) {
            LlmSettings base = Harness.openai(model);
            LlmSettings settings = new LlmSettings(base.provider(), base.baseUrl(), base.model(), base.apiKeyEnv(),
                    base.toolMode(), base.maxOutputTokens(), base.contextWindow(), base.safeZone(),
                    new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofMillis(300),
                            Duration.ofSeconds(30)), base.retries(),
                    base.continuationRounds(), base.prices(), base.maxTokensField(),
                    base.maxAnswerChars(), base.thinking());
            ModelOutcome first = client(settings).stream(Harness.ask("a"), h.events::add).outcome().get(30, TimeUnit.SECONDS);
            assertInstanceOf(ModelOutcome.Completed.class, first);
            assertEquals("onetwo", h.text());
            assertEquals("HTTP/2", model.requests().get(0).getVersion());

            ModelOutcome second = client(settings).stream(Harness.ask("b"), h.events::add).outcome().get(30, TimeUnit.SECONDS);
            assertEquals(new ModelOutcome.Failed(new ModelFailure.Timeout(ModelFailure.TimeoutKind.IDLE,
                    Duration.ofMillis(300))), second);
        }
    }

    @Test
    void cancellingOverHttp2ResetsTheStreamAtTheServer() throws Exception {
        StringBuilder script = new StringBuilder("{\"type\":\"response\"}\n");
        for (int i = 0; i < 200; i++) {
            script.append("{\"type\":\"sse\",\"delayMs\":").append(i == 0 ? 0 : 50).append(",\"data\":{\"choices\":")
                    .append("[{\"index\":0,\"delta\":{\"content\":\"c").append(i).append("\"},\"finish_reason\":null}]}}\n");
        }
        try (ScriptedModel model = ScriptedModel.http2(script.toString())) {
            CompletableFuture<Void> firstText = new CompletableFuture<>();
            ModelCall call = client(Harness.openai(model)).stream(Harness.ask("go"), e -> {
                h.events.add(e);
                if (e instanceof ModelEvent.TextDelta) {
                    firstText.complete(null);
                }
            });
            firstText.get(30, TimeUnit.SECONDS);
            call.cancel();
            int seen = h.events.size();

            assertEquals(new ModelOutcome.Failed(new ModelFailure.Cancelled()), call.outcome().get(30, TimeUnit.SECONDS));
            assertTrue(model.writeFailed().get(30, TimeUnit.SECONDS) != null, "the server's stream was reset");
            assertEquals(seen, h.events.size());
        }
    }
}
