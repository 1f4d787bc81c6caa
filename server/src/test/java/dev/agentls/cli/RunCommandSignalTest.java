package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.tools.TestWorkspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
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

    /**
     * {@code agentls run} as its own JVM with SIGINT at its default (python puts it back before exec: a test JVM's
     * children inherit it ignored), its stdin a pipe this test holds open and never writes.
     */
    private Process startRun(Path root, String prompt, java.net.URI baseUrl, Path stdout) throws IOException {
        return new ProcessBuilder("python3", "-c",
                "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execvp(sys.argv[1],"
                        + " sys.argv[1:])",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.agentls.cli.Main", "run",
                "--workspace", root.toString(), "--prompt", prompt, "--json",
                "--base-url", baseUrl + "/v1", "--model", "m")
                .redirectOutput(stdout.toFile())
                .redirectError(temp.resolve("stderr.txt").toFile())
                .start();
    }

    @Test
    void sigintCancelsTheRunPrintsRunFinishedCancelledAndExits130() throws Exception {
        // A process started in the background inherits an ignored SIGINT, which the JVM then leaves ignored; python
        // puts the default back before starting the JVM, so the signal reaches it as it would from a terminal.
        assumeTrue(onPath("python3"), "python3 is needed to start the JVM with SIGINT at its default");
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        String script = new OpenAiScript().answer("Looking...", 60_000,
                "read_file", arguments("target_file", "src/main/java/demo/Greeter.java")).text();
        ExecutorService threads = Executors.newCachedThreadPool();
        try (ReplayServer server = ReplayServer.start(new dev.agentls.llm.replay.TranscriptReader().parse(script,
                "script"), 0, threads, line -> { })) {
            Path stdout = temp.resolve("stdout.jsonl");
            Process process = startRun(root, "Strip names", server.baseUrl(), stdout);
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (server.requests().isEmpty()) {
                    assertTrue(process.isAlive(), "agentls run ended early: " + stderr());
                    assertTrue(System.nanoTime() < deadline, "agentls run never called the model: " + stderr());
                    Thread.sleep(50);
                }
                // Paces the signal into the stream (the held text shows nothing); no assertion rests on it.
                Thread.sleep(300);
                new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();

                assertTrue(process.waitFor(30, TimeUnit.SECONDS), "agentls run did not end after SIGINT");
                assertEquals(130, process.exitValue(), stderr());
                List<String> lines = Files.readAllLines(stdout, StandardCharsets.UTF_8);
                JsonNode last = JSON.readTree(lines.get(lines.size() - 1));
                assertEquals("run_finished", last.get("type").asText(), lines.toString());
                assertEquals("cancelled", last.get("status").asText());
                assertEquals("run_started", JSON.readTree(lines.get(0)).get("type").asText());
            } finally {
                process.destroyForcibly();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void sigintWhileAskingWithStdinOpenAndSilentWithdrawsTheQuestionAndExits130Promptly() throws Exception {
        assumeTrue(onPath("python3"), "python3 is needed to start the JVM with SIGINT at its default");
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        String script = new OpenAiScript().answer("", "ask_followup_question",
                arguments("question", "Which greeting?")).text();
        ExecutorService threads = Executors.newCachedThreadPool();
        try (ReplayServer server = ReplayServer.start(new dev.agentls.llm.replay.TranscriptReader().parse(script,
                "script"), 0, threads, line -> { })) {
            Path stdout = temp.resolve("stdout.jsonl");
            // stdin stays a pipe this test holds open and never writes: a terminal nobody types into.
            Process process = startRun(root, "Greet", server.baseUrl(), stdout);
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (!stderr().contains("Which greeting?")) {
                    assertTrue(process.isAlive(), "agentls run ended early: " + stderr());
                    assertTrue(System.nanoTime() < deadline, "agentls run never asked: " + stderr());
                    Thread.sleep(50);
                }
                long interruptedAt = System.nanoTime();
                new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();

                assertTrue(process.waitFor(30, TimeUnit.SECONDS), "agentls run did not end after SIGINT: "
                        + stderr());
                long millis = (System.nanoTime() - interruptedAt) / 1_000_000;
                assertEquals(130, process.exitValue(), stderr());
                assertTrue(millis < 10_000, "exits promptly: " + millis + " ms");
                assertTrue(stderr().contains("(question withdrawn: the run was cancelled; nothing typed now answers"
                        + " it)"), stderr());
                List<String> lines = Files.readAllLines(stdout, StandardCharsets.UTF_8);
                JsonNode last = JSON.readTree(lines.get(lines.size() - 1));
                assertEquals("run_finished", last.get("type").asText(), lines.toString());
                assertEquals("cancelled", last.get("status").asText());
                assertTrue(lines.stream().anyMatch(line -> line.contains("\"question_asked\"")), lines.toString());
            } finally {
                process.getOutputStream().close();
                process.destroyForcibly();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    private String stderr() throws java.io.IOException {
        Path file = temp.resolve("stderr.txt");
        return Files.exists(file) ? Files.readString(file) : "";
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
