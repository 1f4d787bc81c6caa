package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.replay.ReplayServer;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * One {@code agentls run --json --approve deny} against a scripted OpenAI-compatible model in a tool mode, and its
 * events read back; the model's server keeps the requests it got. Close it to stop the server.
 */
final class ScriptedRun implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private ReplayServer server;

    /** Runs the prompt "Strip names" on {@code root}; answers the exit status. */
    int run(Path root, String mode, OpenAiScript script, String... more) throws Exception {
        server = ReplayServer.start(script.transcript(), 0, threads, line -> { });
        List<String> args = new ArrayList<>(List.of("--workspace", root.toString(), "--prompt", "Strip names",
                "--json", "--approve", "deny", "--tool-mode", mode, "--base-url", server.baseUrl() + "/v1",
                "--model", "m"));
        args.addAll(List.of(more));
        try {
            return new RunCommand(InputStream.nullInputStream(), RunCommandTests.notATerminal())
                    .run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                            new PrintStream(err, true, StandardCharsets.UTF_8));
        } catch (UsageException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** The body of the model's request {@code index} (from 0). */
    String request(int index) {
        return server.requests().get(index).body();
    }

    int requests() {
        return server.requests().size();
    }

    String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    List<JsonNode> events() throws Exception {
        List<JsonNode> events = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isEmpty()) {
                events.add(JSON.readTree(line));
            }
        }
        return events;
    }

    List<JsonNode> all(String type) throws Exception {
        return events().stream().filter(e -> e.get("type").asText().equals(type)).toList();
    }

    JsonNode only(String type) throws Exception {
        List<JsonNode> matching = all(type);
        assertEquals(1, matching.size(), type + " in " + out.toString(StandardCharsets.UTF_8));
        return matching.get(0);
    }

    JsonNode finished() throws Exception {
        List<JsonNode> all = events();
        return all.get(all.size() - 1);
    }

    JsonNode firstResult(String name) throws Exception {
        return all("tool_result").stream().filter(e -> e.get("name").asText().equals(name)).findFirst()
                .orElseThrow();
    }

    @Override
    public void close() throws Exception {
        if (server != null) {
            server.close();
        }
        threads.shutdownNow();
    }
}
