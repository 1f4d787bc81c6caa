package dev.agentls.lsp;

import dev.agentls.testing.AgentProcess;
import dev.agentls.testing.AgentProcesses;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code agentls replay-model --script FILE} run as its own process from this test's classpath, as a user runs it:
 * the scripted model on loopback that a headless editor's AgentLS talks to. What it prints (one line per request it
 * answered) is kept for the test's failure messages.
 */
final class ReplayModelProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");

    private final AgentProcess process;
    private final String baseUrl;

    private ReplayModelProcess(AgentProcess process, String baseUrl) {
        this.process = process;
        this.baseUrl = baseUrl;
    }

    /** Starts the replay of {@code script} and waits (at most 30 s) until it says where it listens. */
    static ReplayModelProcess start(AgentProcesses agents, Path script) throws IOException, InterruptedException {
        AgentProcess process = agents.agentls("replay-model", "--script", script.toString())
                .jvm("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1").input("").start();
        Matcher listening = LISTENING.matcher(process.awaitStdout(shown -> LISTENING.matcher(shown).find(),
                Duration.ofSeconds(30)));
        listening.find();
        return new ReplayModelProcess(process, listening.group(1));
    }

    /** The base URL for the {@code openai} provider: {@code http://127.0.0.1:N/v1}. */
    String openAiBaseUrl() {
        return baseUrl + "/v1";
    }

    /** What it printed so far: that it is a replay, where it listens, each request it answered, its stderr. */
    String printed() {
        return process.stdout() + process.stderr();
    }

    @Override
    public void close() throws InterruptedException {
        process.close();
    }
}
