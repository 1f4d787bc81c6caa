package dev.agentls.lsp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code agentls replay-model --script FILE} run as its own process from this test's classpath, as a user runs it:
 * the scripted model on loopback that a headless editor's AgentLS talks to. Its printed lines are kept (one per
 * request it answered) for the test's failure messages.
 */
final class ReplayModelProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");

    private final Process process;
    private final String baseUrl;
    private final List<String> printed;

    private ReplayModelProcess(Process process, String baseUrl, List<String> printed) {
        this.process = process;
        this.baseUrl = baseUrl;
        this.printed = printed;
    }

    /** Starts the replay of {@code script} and waits (at most 30 s) until it says where it listens. */
    static ReplayModelProcess start(Path script) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(NeovimDriver.serverCommand());
        command.set(command.size() - 1, "replay-model");
        command.addAll(List.of("--script", script.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> listening = new CompletableFuture<>();
        List<String> early = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread reader = new Thread(() -> {
            try {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    early.add(line);
                    Matcher matcher = LISTENING.matcher(line);
                    if (matcher.find()) {
                        listening.complete(matcher.group(1));
                    }
                }
            } catch (IOException e) {
                listening.completeExceptionally(e);
            }
            listening.completeExceptionally(new IOException("agentls replay-model ended: " + early));
        }, "replay-model-output");
        reader.setDaemon(true);
        reader.start();
        try {
            return new ReplayModelProcess(process, listening.get(30, TimeUnit.SECONDS), early);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            process.destroyForcibly();
            throw new IOException("agentls replay-model did not start: " + e.getMessage(), e);
        }
    }

    /** The base URL for the {@code openai} provider: {@code http://127.0.0.1:N/v1}. */
    String openAiBaseUrl() {
        return baseUrl + "/v1";
    }

    /** What it printed so far: that it is a replay, where it listens, each request it answered. */
    String printed() {
        synchronized (printed) {
            return String.join("\n", printed);
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
