package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.testing.AgentProcess;
import dev.agentls.testing.AgentProcesses;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * {@code agentls acp} as its own process from this test's classpath, over real OS pipes, as an editor starts it: the
 * test writes raw lines to its stdin and reads its stdout line by line. Every stdout line must be a JSON object (the
 * protocol and nothing else); a line that is not fails the test that reads it.
 */
final class AcpPipe implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long WAIT_SECONDS = 60;

    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private AgentProcess process;

    private AcpPipe() {}

    /** Starts {@code agentls acp} with these flags (a model's base URL, say), with {@code agents}' home. */
    static AcpPipe start(AgentProcesses agents, String... flags) throws IOException {
        AcpPipe pipe = new AcpPipe();
        pipe.process = agents.agentls("acp").args(flags).jvm("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Xmx200m").onStdoutLine(pipe.lines::add).start();
        return pipe;
    }

    /** Starts {@code agentls acp} talking to {@code model} as the {@code openai} provider, with more flags. */
    static AcpPipe start(AgentProcesses agents, ReplayServer model, String... more) throws IOException {
        List<String> flags = new ArrayList<>(List.of("--base-url", model.baseUrl() + "/v1", "--model", "scripted"));
        flags.addAll(List.of(more));
        return start(agents, flags.toArray(String[]::new));
    }

    void send(String line) throws IOException {
        process.type(line + "\n");
    }

    OutputStream stdin() {
        return process.stdin();
    }

    /** The next message from the agent that {@code wanted} accepts; the others it skips are kept in {@link #seen}. */
    JsonNode next(Predicate<JsonNode> wanted) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (true) {
            String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                fail("no wanted message from agentls acp within " + WAIT_SECONDS + " s; stderr:\n" + stderr());
            }
            JsonNode message;
            try {
                message = JSON.readTree(line);
            } catch (IOException e) {
                throw new AssertionError("stdout carried a line that is not JSON: " + line, e);
            }
            if (!message.isObject()) {
                fail("stdout carried a line that is not a JSON object: " + line);
            }
            seen.add(message);
            if (wanted.test(message)) {
                return message;
            }
        }
    }

    final List<JsonNode> seen = new ArrayList<>();

    /** The answer to the request with this id (as JSON text: {@code 1}, {@code "a"}, {@code null}). */
    JsonNode answer(String id) throws Exception {
        return next(m -> !m.has("method") && m.has("id") && m.get("id").toString().equals(id));
    }

    boolean alive() {
        return process.isAlive();
    }

    String stderr() {
        return process.stderr();
    }

    @Override
    public void close() throws InterruptedException {
        process.close();
    }
}
