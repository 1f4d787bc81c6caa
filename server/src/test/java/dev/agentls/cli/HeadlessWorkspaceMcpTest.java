package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.agent.RunStatus;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.mcp.McpConfigLoader;
import dev.agentls.mcp.SdkTestServer;
import dev.agentls.tools.TestWorkspace;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A headless front door's workspace ({@code agentls run}, {@code chat}, {@code acp}) starts the MCP servers that need no question while it sets itself up, so a server's
 * own start overlaps the run's instead of following it; the run's first request still carries the server's tools,
 * from the same start. The server is the MCP Java SDK's ({@link SdkTestServer}) in a child JVM, configured in the
 * user's file under a scratch home; the model is {@code agentls replay-model}'s server on loopback.
 */
@Tag("slow")
class HeadlessWorkspaceMcpTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private final ExecutorService connections = Executors.newCachedThreadPool();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void stop() {
        connections.shutdownNow();
    }

    @Test
    void aUsersMcpServerStartsWhileTheWorkspaceIsSetUpAndTheFirstRequestHasItsToolsFromThatStart() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Path home = temp.resolve("home");
        writeUserConfig(home);
        try (ReplayServer model = ReplayServer.start(new OpenAiScript()
                .answer("", "attempt_completion", arguments("result", "Done.")).transcript(), 0, connections,
                line -> { });
             HeadlessRuns workspace = HeadlessRuns.open(root, model, home, logStream())) {
            awaitLog("MCP server 'sdk': starting");

            RunOutcome outcome = workspace.run(RunRequest.of("Say hello"), event -> { })
                    .outcome().get(60, TimeUnit.SECONDS);

            assertEquals(RunStatus.COMPLETED, outcome.status(), outcome.text() + "\n" + log());
            List<String> tools = new ArrayList<>();
            for (JsonNode tool : JSON.readTree(model.requests().get(0).body()).path("tools")) {
                tools.add(tool.path("function").path("name").asText());
            }
            assertTrue(tools.contains("mcp__sdk__echo"), "the first request has the server's tools: " + tools
                    + "\n" + log());
            assertEquals(1, log().split("MCP server 'sdk': starting", -1).length - 1,
                    "the run used the start already under way, not a second one: " + log());
        }
    }

    private void writeUserConfig(Path home) throws Exception {
        ObjectNode entry = JSON.createObjectNode();
        entry.put("command", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        entry.putArray("args").add("-Xshare:auto").add("-XX:TieredStopAtLevel=1").add("-cp")
                .add(System.getProperty("java.class.path")).add(SdkTestServer.class.getName());
        ObjectNode file = JSON.createObjectNode();
        file.putObject("mcpServers").set("sdk", entry);
        Path config = McpConfigLoader.userFileUnder(home);
        Files.createDirectories(config.getParent());
        Files.writeString(config, file.toPrettyString());
    }

    /** Waits (bounded) until the server log has a line containing {@code text}. */
    private void awaitLog(String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!log().contains(text)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no '" + text + "' in the server log within 30 s: " + log());
            }
            Thread.sleep(20);
        }
    }

    private PrintStream logStream() {
        return new PrintStream(err, true, StandardCharsets.UTF_8);
    }

    private String log() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
