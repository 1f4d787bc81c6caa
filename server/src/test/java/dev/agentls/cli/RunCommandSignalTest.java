package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.TranscriptReader;
import dev.agentls.testing.AgentProcess;
import dev.agentls.testing.AgentProcess.Ended;
import dev.agentls.testing.AgentProcesses;
import dev.agentls.tools.TestWorkspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls run} as its own process, interrupted with a real SIGINT while the model streams, and while it asks
 * the user with stdin open and silent.
 */
@Tag("slow")
class RunCommandSignalTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    /**
     * {@code agentls run} as its own JVM with SIGINT at its default, its stdin a pipe this test holds open and never
     * writes.
     */
    private AgentProcess startRun(Path root, String prompt, ReplayServer model) throws IOException {
        return agents.agentls("run", "--workspace", root.toString(), "--prompt", prompt, "--json",
                "--base-url", model.baseUrl() + "/v1", "--model", "m").sigintAtDefault().start();
    }

    @Test
    void sigintCancelsTheRunPrintsRunFinishedCancelledAndExits130() throws Exception {
        // A process started in the background inherits an ignored SIGINT, which the JVM then leaves ignored; python
        // puts the default back before starting the JVM, so the signal reaches it as it would from a terminal.
        assumeTrue(onPath("python3"), "python3 is needed to start the JVM with SIGINT at its default");
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        String script = new OpenAiScript().answer("Looking...", 60_000,
                "read_file", arguments("target_file", "src/main/java/demo/Greeter.java")).text();
        ReplayServer server = agents.model(new TranscriptReader().parse(script, "script"));
        AgentProcess process = startRun(root, "Strip names", server);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (server.requests().isEmpty()) {
            assertTrue(process.isAlive(), "agentls run ended early: " + process.stderr());
            assertTrue(System.nanoTime() < deadline, "agentls run never called the model: " + process.stderr());
            Thread.sleep(50);
        }
        // Paces the signal into the stream (the held text shows nothing); no assertion rests on it.
        Thread.sleep(300);
        process.signal("INT");

        Ended ended = process.finish(Duration.ofSeconds(30));
        assertEquals(130, ended.status(), ended.stderr());
        List<String> lines = ended.stdout().lines().toList();
        JsonNode last = JSON.readTree(lines.get(lines.size() - 1));
        assertEquals("run_finished", last.get("type").asText(), lines.toString());
        assertEquals("cancelled", last.get("status").asText());
        assertEquals("run_started", JSON.readTree(lines.get(0)).get("type").asText());
    }

    @Test
    void sigintWhileAskingWithStdinOpenAndSilentWithdrawsTheQuestionAndExits130Promptly() throws Exception {
        assumeTrue(onPath("python3"), "python3 is needed to start the JVM with SIGINT at its default");
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        String script = new OpenAiScript().answer("", "ask_followup_question",
                arguments("question", "Which greeting?")).text();
        ReplayServer server = agents.model(new TranscriptReader().parse(script, "script"));
        // stdin stays a pipe this test holds open and never writes: a terminal nobody types into.
        AgentProcess process = startRun(root, "Greet", server);
        process.awaitStderr(shown -> shown.contains("Which greeting?"), Duration.ofSeconds(60));
        long interruptedAt = System.nanoTime();
        process.signal("INT");

        Ended ended = process.finish(Duration.ofSeconds(30));
        long millis = (System.nanoTime() - interruptedAt) / 1_000_000;
        assertEquals(130, ended.status(), ended.stderr());
        assertTrue(millis < 10_000, "exits promptly: " + millis + " ms");
        assertTrue(ended.stderr().contains("(question withdrawn: the run was cancelled; nothing typed now answers"
                + " it)"), ended.stderr());
        List<String> lines = ended.stdout().lines().toList();
        JsonNode last = JSON.readTree(lines.get(lines.size() - 1));
        assertEquals("run_finished", last.get("type").asText(), lines.toString());
        assertEquals("cancelled", last.get("status").asText());
        assertTrue(lines.stream().anyMatch(line -> line.contains("\"question_asked\"")), lines.toString());
    }

    private static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
