package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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

    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final StringBuffer stderr = new StringBuffer();

    private AcpPipe(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        daemon(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("<stdout closed: " + e + ">");
            }
        });
        daemon(() -> {
            try (BufferedReader err = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = err.readLine(); line != null; line = err.readLine()) {
                    stderr.append(line).append('\n');
                }
            } catch (IOException e) {
                stderr.append(e);
            }
        });
    }

    /** Starts {@code agentls acp} with these flags (a model's base URL, say), in {@code home} as its user home. */
    static AcpPipe start(Path home, String... flags) throws IOException {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx200m", "-Duser.home=" + home,
                "-cp", classpath, "dev.agentls.cli.Main", "acp"));
        command.addAll(List.of(flags));
        return new AcpPipe(new ProcessBuilder(command).start());
    }

    void send(String line) throws IOException {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    OutputStream stdin() {
        return stdin;
    }

    /** The next message from the agent that {@code wanted} accepts; the others it skips are kept in {@link #seen}. */
    JsonNode next(Predicate<JsonNode> wanted) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (true) {
            String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                fail("no wanted message from agentls acp within " + WAIT_SECONDS + " s; stderr:\n" + stderr);
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
        return stderr.toString();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    private static void daemon(Runnable body) {
        Thread thread = new Thread(body, "acp-pipe");
        thread.setDaemon(true);
        thread.start();
    }
}
