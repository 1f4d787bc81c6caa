package dev.agentls.lsp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code agentls replay-model --script FILE --port 0} as its own process, started from the test's classpath the way
 * {@link NeovimDriver#serverCommand()} starts the server: the scripted model a real editor's run talks to over
 * loopback. Its output (the base URL it listens on, each request it answers) is kept in a file for the test to read.
 */
final class ReplayModelProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:[0-9]+)");

    private final Process process;
    private final Path output;
    private final String baseUrl;

    ReplayModelProcess(Path script, Path work) throws IOException, InterruptedException {
        output = work.resolve("replay-model.out");
        List<String> command = new ArrayList<>(NeovimDriver.serverCommand());
        command.set(command.size() - 1, "replay-model");
        command.addAll(List.of("--script", script.toString(), "--port", "0"));
        process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.PIPE).start();
        String url = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (url == null && System.nanoTime() < deadline && process.isAlive()) {
            Matcher matcher = LISTENING.matcher(Files.readString(output));
            if (matcher.find()) {
                url = matcher.group(1);
            } else {
                Thread.sleep(50);
            }
        }
        if (url == null) {
            close();
            throw new AssertionError("agentls replay-model did not start in 30 s:\n" + log());
        }
        baseUrl = url;
    }

    /** The OpenAI-compatible base URL, {@code http://127.0.0.1:N/v1}. */
    String openAiBaseUrl() {
        return baseUrl + "/v1";
    }

    String log() throws IOException {
        return Files.exists(output) ? Files.readString(output) : "";
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
