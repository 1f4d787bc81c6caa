package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.tools.TestWorkspace;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls run} on a workspace whose {@code .mcp.json} names a server the user has not trusted yet: while the
 * terminal waits for the trust answer, an interrupt cancels the run. The run ends {@code cancelled} at once (not after
 * the five minutes the question may wait), the model is never asked, the server is never started, and nothing the run
 * started is left running.
 */
class McpTrustCancelTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;
    @TempDir
    Path home;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable closeable : open) {
            closeable.close();
        }
        threads.shutdownNow();
    }

    private static final String SERVER_CLASS = "dev.agentls.mcp.SdkTestServer";

    private Path workspace() throws Exception {
        Path root = TestWorkspace.copy("demo", temp).toRealPath();
        ObjectNode entry = JSON.createObjectNode();
        entry.put("command", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        entry.putArray("args").add("-XX:TieredStopAtLevel=1").add("-cp").add(System.getProperty("java.class.path"))
                .add(SERVER_CLASS);
        ObjectNode file = JSON.createObjectNode();
        file.putObject("mcpServers").set("local", entry);
        Files.writeString(root.resolve(".mcp.json"), file.toPrettyString());
        return root;
    }

    private static long serversRunning() {
        return ProcessHandle.current().descendants().filter(p -> p.info().arguments()
                .map(args -> List.of(args).contains(SERVER_CLASS)).orElse(false)).count();
    }

    @Test
    void aCancelWhileTheTrustQuestionWaitsEndsTheRunCancelledWithoutStartingTheServer() throws Exception {
        Path root = workspace();
        ReplayServer model = ReplayServer.start(new OpenAiScript()
                .answer("", "attempt_completion", arguments("result", "never reached")).transcript(), 0, threads,
                line -> { });
        open.add(model::close);
        PipedOutputStream keyboard = new PipedOutputStream();
        PipedInputStream stdin = new PipedInputStream(keyboard);
        open.add(keyboard);
        AtomicReference<Runnable> interrupt = new AtomicReference<>();
        PrintStream errors = new PrintStream(err, true, StandardCharsets.UTF_8);
        RunCommand command = new RunCommand(stdin, new RunCommand.Terminal() {
            @Override
            public boolean interactive() {
                return false;
            }

            @Override
            public Runnable onInterrupt(Runnable cancel) {
                interrupt.set(cancel);
                return () -> interrupt.set(null);
            }
        }, new McpWiring(home, Map.of(), errors));

        CompletableFuture<Integer> status = CompletableFuture.supplyAsync(() -> {
            try {
                return command.run(new String[] {"--workspace", root.toString(), "--prompt", "Look around", "--json",
                        "--base-url", model.baseUrl() + "/v1", "--model", "m"},
                        new PrintStream(out, true, StandardCharsets.UTF_8), errors);
            } catch (UsageException e) {
                throw new IllegalStateException(e);
            }
        }, threads);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!err.toString(StandardCharsets.UTF_8).contains("Start MCP server 'local' from .mcp.json?")
                || interrupt.get() == null) {
            assertTrue(System.nanoTime() < deadline, "the trust question was never asked: " + err);
            Thread.sleep(20);
        }
        long cancelledAt = System.nanoTime();
        interrupt.get().run();

        assertEquals(RunCommand.CANCELLED, status.get(20, TimeUnit.SECONDS), err.toString(StandardCharsets.UTF_8));
        long millis = (System.nanoTime() - cancelledAt) / 1_000_000;
        assertTrue(millis < 10_000, "the cancel ends the wait at once: " + millis + " ms");
        List<JsonNode> events = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                events.add(JSON.readTree(line));
            }
        }
        JsonNode finished = events.get(events.size() - 1);
        assertEquals("run_finished", finished.path("type").asText(), events.toString());
        assertEquals("cancelled", finished.path("status").asText(), finished.toString());
        assertTrue(events.stream().anyMatch(e -> e.path("type").asText().equals("warning") && e.path("message")
                .asText().equals("MCP server 'local' was not started: the run was cancelled while the trust question"
                        + " waited for an answer")), events.toString());
        assertEquals(0, model.requests().size(), "the model is never asked");
        assertFalse(err.toString(StandardCharsets.UTF_8).contains("MCP server 'local': starting"),
                "the server is never started: " + err);
        assertEquals(0, serversRunning(), "no MCP server process is left running");
        Path trust = root.resolve(".agentls/settings.json");
        assertFalse(Files.exists(trust) && Files.readString(trust).contains("mcpTrusted"),
                "nothing is remembered as trusted");
    }
}
