package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.TranscriptReader;
import dev.agentls.testing.AgentProcess.Ended;
import dev.agentls.testing.AgentProcesses;
import dev.agentls.tools.TestWorkspace;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls run} as its own process against a model that will not stop: one that streams two million characters
 * is cut by {@code --max-tokens} while it streams (the run ends over budget, saying the answer was cut, having shown a
 * sliver of it), and one that drips a character every 20 ms is stopped by {@code --answer-timeout}, the run failing
 * with how long the answer took.
 */
@Tag("slow")
class AnswerBoundsProcessTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    private Path root;

    @BeforeEach
    void workspace() throws IOException {
        root = TestWorkspace.copy("demo", temp.resolve("ws"));
    }

    @Test
    void maxTokensCutsAStreamingAnswerOfTwoMillionCharactersAndSaysSo() throws Exception {
        List<JsonNode> events = run(endlessAnswer(2_000, "y".repeat(1_000), 0), "--max-tokens", "2000");

        JsonNode finished = events.get(events.size() - 1);
        assertEquals("run_finished", finished.get("type").asText());
        assertEquals("budget", finished.get("status").asText());
        assertTrue(finished.get("text").asText().startsWith("the answer was cut by the budget after about "),
                finished.toString());
        assertTrue(finished.get("text").asText().contains("the run's budget of 2000 tokens"), finished.toString());
        int shown = events.stream().filter(e -> e.get("type").asText().equals("text"))
                .mapToInt(e -> e.get("text").asText().length()).sum();
        // 2000 tokens at three characters each, plus the chunk that passed them.
        assertTrue(shown > 0 && shown <= 7_000, "characters shown: " + shown);
    }

    @Test
    void answerTimeoutStopsAModelDrippingOneCharacterAtATime() throws Exception {
        List<JsonNode> events = run(endlessAnswer(3_000, "z", 20), "--answer-timeout", "1s");

        JsonNode finished = events.get(events.size() - 1);
        assertEquals("failed", finished.get("status").asText());
        assertEquals("the model call failed: the answer took longer than 1 s, so the call was stopped"
                + " (agentls.llm.timeouts.wholeAnswer)", finished.get("text").asText());
        long shown = events.stream().filter(e -> e.get("type").asText().equals("text")).count();
        assertTrue(shown > 0 && shown < 3_000, "the drip was shown, and stopped before its end: " + shown);
    }

    /** One answer of {@code chunks} text deltas, each {@code delayMs} after the one before, and no end. */
    private static String endlessAnswer(int chunks, String piece, int delayMs) {
        StringBuilder script = new StringBuilder("{\"type\":\"response\"}\n");
        String delay = delayMs > 0 ? "\"delayMs\":" + delayMs + "," : "";
        for (int i = 0; i < chunks; i++) {
            script.append("{\"type\":\"sse\",").append(delay).append("\"data\":{\"choices\":[{\"index\":0,\"delta\":")
                    .append("{\"content\":\"").append(piece).append("\"},\"finish_reason\":null}]}}\n");
        }
        return script.toString();
    }

    private List<JsonNode> run(String script, String... flags) throws Exception {
        ReplayServer server = agents.model(new TranscriptReader().parse(script, "script"));
        Ended ended = agents.agentls("run", "--workspace", root.toString(), "--prompt", "Write", "--json",
                        "--approve", "deny", "--base-url", server.baseUrl() + "/v1", "--model", "m").args(flags)
                .env("OPENAI_API_KEY", "test-key").start().finish(Duration.ofSeconds(60));
        assertEquals(RunCommand.FAILED, ended.status(), ended.stderr());
        assertEquals(1, server.requests().size(), "the answer was not asked for again");
        List<JsonNode> events = new ArrayList<>();
        for (String line : ended.stdout().split("\n")) {
            if (!line.isBlank()) {
                events.add(JSON.readTree(line));
            }
        }
        return events;
    }
}
