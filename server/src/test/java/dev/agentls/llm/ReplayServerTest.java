package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.Provider;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.Transcript;
import dev.agentls.llm.replay.TranscriptReader;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The product's replay server, spoken to by the product's client. */
@Tag("slow")
class ReplayServerTest {

    private final Harness h = new Harness();
    private final List<String> log = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() {
        h.close();
    }

    private static Path demoScript() {
        return Path.of(System.getProperty("agentls.repoRoot", ".."), "scripts/demo-model/greeter-openai.jsonl");
    }

    @Test
    void replaysTheDemoTranscriptTurnByTurnToTheRealClient() throws Exception {
        Transcript demo = new TranscriptReader().read(demoScript());
        try (ReplayServer server = ReplayServer.start(demo, 0, h.executor, log::add)) {
            var settings = Harness.settings(Provider.OPENAI, URI.create(server.baseUrl() + "/v1"));
            List<String> tools = new java.util.ArrayList<>();
            for (int turn = 0; turn < 3; turn++) {
                h.events.clear();
                ModelOutcome outcome = h.run(settings, Harness.ask("Make greet() handle blank names"));
                assertEquals(FinishReason.TOOL_CALLS, ((ModelOutcome.Completed) outcome).reason());
                tools.addAll(h.all(ModelEvent.ToolCallCompleted.class).stream().map(ModelEvent.ToolCallCompleted::name).toList());
                assertTrue(!h.thinking().isEmpty());
            }
            assertEquals(List.of("read_file", "replace_in_file", "attempt_completion"), tools);
            server.allServed().get(10, TimeUnit.SECONDS);
            assertEquals(3, server.requests().size());
            assertEquals("/v1/chat/completions", server.requests().get(0).target());
            assertTrue(server.requests().get(0).body().contains("Make greet() handle blank names"));
            assertTrue(log.get(0).startsWith("replay: POST /v1/chat/completions -> scripted response 1/3 (HTTP 200)"), log.toString());

            ModelFailure exhausted = Harness.failure(h.run(settings, Harness.ask("more")));
            assertEquals(new ModelFailure.ServerError(500, "agentls replay-model: the script's 3 responses were all used"), exhausted);
        }
    }

    @Test
    void aScriptedCutReachesTheClientAsACutStream() throws Exception {
        Transcript t = new TranscriptReader().parse("""
                {"type":"response"}
                {"type":"sse","data":{"choices":[{"index":0,"delta":{"content":"par"},"finish_reason":null}]}}
                {"type":"raw","text":"data: {\\"choi"}
                {"type":"cut"}
                """, "cut");
        try (ReplayServer server = ReplayServer.start(t, 0, h.executor, log::add)) {
            var settings = Harness.settings(Provider.OPENAI, URI.create(server.baseUrl() + "/v1"));
            assertInstanceOf(ModelFailure.StreamCut.class, Harness.failure(h.run(settings, Harness.ask("x"))));
            assertEquals("par", h.text());
        }
    }

    @Test
    void bindsTheLoopbackAddressOnly() throws Exception {
        Transcript t = new TranscriptReader().parse("{\"type\":\"response\"}", "x");
        try (ReplayServer server = ReplayServer.start(t, 0, h.executor, log::add)) {
            assertEquals("127.0.0.1", server.baseUrl().getHost());
            try (java.net.Socket s = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), server.port())) {
                assertTrue(s.isConnected());
            }
        }
    }
}
