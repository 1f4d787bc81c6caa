package dev.agentls.cli;

import dev.agentls.session.McpWiring;
import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.tools.TestWorkspace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls run} against a scripted model on loopback ({@code agentls replay-model}'s server) with the reference
 * MCP filesystem server from npm ({@code @modelcontextprotocol/server-filesystem}, started over stdio by node) in the
 * project's {@code .mcp.json}: the user trusts it, then approves a directory listing and a file read, in both tool
 * modes. Skipped when {@code scripts/test} did not install the server (AGENTLS_MCP_FILESYSTEM), unless
 * {@code AGENTLS_REQUIRE_MCP=1} (CI) makes that a failure. Also a run cancelled while it waits for the user to trust a
 * project's server (the MCP Java SDK's own server in a child JVM, which needs no install).
 */
@Tag("slow")
class McpRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;
    @TempDir
    Path home;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<ReplayServer> servers = new ArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void stop() throws Exception {
        for (ReplayServer server : servers) {
            server.close();
        }
        threads.shutdownNow();
    }

    static Path filesystemServer() {
        String main = System.getenv("AGENTLS_MCP_FILESYSTEM");
        boolean present = main != null && Files.isRegularFile(Path.of(main));
        if (!present && "1".equals(System.getenv("AGENTLS_REQUIRE_MCP"))) {
            throw new AssertionError("AGENTLS_REQUIRE_MCP=1 but the MCP filesystem server is missing"
                    + " (AGENTLS_MCP_FILESYSTEM=" + main + "); scripts/test installs it with npm");
        }
        assumeTrue(present, "the MCP filesystem server is not installed (scripts/test installs it)");
        return Path.of(main);
    }

    private Path workspace() throws Exception {
        Path root = TestWorkspace.copy("demo", temp).toRealPath();
        ObjectNode entry = JSON.createObjectNode();
        entry.put("command", "node");
        entry.putArray("args").add(filesystemServer().toString()).add(root.toString());
        ObjectNode file = JSON.createObjectNode();
        file.putObject("mcpServers").set("fs", entry);
        Files.writeString(root.resolve(".mcp.json"), file.toPrettyString());
        return root;
    }

    private int run(String stdin, String... args) throws Exception {
        return run(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), new AtomicReference<>(), args);
    }

    /** Runs {@code agentls run} on a terminal that is not interactive; {@code interrupt} gets its interrupt action. */
    private int run(InputStream stdin, AtomicReference<Runnable> interrupt, String... args) throws UsageException {
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
        }, new McpWiring(home, Map.of(), new PrintStream(err, true, StandardCharsets.UTF_8)));
        return command.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String serve(OpenAiScript script) throws Exception {
        ReplayServer server = ReplayServer.start(script.transcript(), 0, threads, line -> { });
        servers.add(server);
        return server.baseUrl() + "/v1";
    }

    private List<JsonNode> events(String type) throws Exception {
        List<JsonNode> events = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isEmpty()) {
                JsonNode event = JSON.readTree(line);
                if (event.path("type").asText().equals(type)) {
                    events.add(event);
                }
            }
        }
        return events;
    }

    @Test
    void nativeModeListsADirectoryAndReadsAFileThroughMcpWithApproval() throws Exception {
        Path root = workspace();
        String base = serve(new OpenAiScript()
                .answer("", "mcp__fs__list_directory", arguments("path", root.resolve("src/main/java/demo").toString()))
                .answer("", "mcp__fs__read_text_file", arguments("path",
                        root.resolve("src/main/java/demo/Greeter.java").toString()))
                .answer("", "attempt_completion", arguments("result", "Read it.")));

        int status = run("y\ny\ny\n", "--workspace", root.toString(), "--prompt", "Look at the demo", "--json",
                "--base-url", base, "--model", "m", "--tool-mode", "native");

        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        assertRead(root);
    }

    @Test
    void xmlModeListsADirectoryAndReadsAFileThroughUseMcpTool() throws Exception {
        Path root = workspace();
        String list = "<use_mcp_tool>\n<server_name>fs</server_name>\n<tool_name>list_directory</tool_name>\n"
                + "<arguments>{\"path\": \"" + root.resolve("src/main/java/demo") + "\"}</arguments>\n</use_mcp_tool>";
        String read = "<use_mcp_tool>\n<server_name>fs</server_name>\n<tool_name>read_text_file</tool_name>\n"
                + "<arguments>{\"path\": \"" + root.resolve("src/main/java/demo/Greeter.java")
                + "\"}</arguments>\n</use_mcp_tool>";
        String base = serve(new OpenAiScript()
                .answer(list, new String[0])
                .answer(read, new String[0])
                .answer("<attempt_completion>\n<result>Read it.</result>\n</attempt_completion>", new String[0]));

        int status = run("y\ny\ny\n", "--workspace", root.toString(), "--prompt", "Look at the demo", "--json",
                "--base-url", base, "--model", "m", "--tool-mode", "xml");

        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        assertRead(root);
        String system = servers.get(0).requests().get(0).body();
        assertTrue(system.contains("## use_mcp_tool") && system.contains("- list_directory: "),
                "the XML prompt lists the server's tools");
    }

    private void assertRead(Path root) throws Exception {
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertTrue(stderr.contains("Start MCP server 'fs' from .mcp.json?"), "the user is asked to trust it: "
                + stderr);
        List<JsonNode> approvals = events("approval_requested");
        assertEquals(2, approvals.size(), approvals.toString());
        assertEquals("Call MCP tool 'list_directory' of server 'fs'?", approvals.get(0).path("title").asText());
        assertEquals("Call MCP tool 'read_text_file' of server 'fs'?", approvals.get(1).path("title").asText());
        List<JsonNode> results = events("tool_result");
        assertTrue(results.get(0).path("ok").asBoolean(), results.get(0).toString());
        assertTrue(results.get(0).path("text").asText().contains("[FILE] Greeter.java"), results.get(0).toString());
        assertTrue(results.get(0).path("text").asText().contains("[FILE] Main.java"), results.get(0).toString());
        assertTrue(results.get(1).path("ok").asBoolean(), results.get(1).toString());
        assertTrue(results.get(1).path("text").asText().startsWith(
                Files.readString(root.resolve("src/main/java/demo/Greeter.java")).substring(0, 40)),
                results.get(1).toString());
        assertEquals("completed", events("run_finished").get(0).path("status").asText());
        assertTrue(Files.readString(root.resolve(".agentls/settings.json")).contains("\"mcpTrusted\""));
    }

    private static final String SDK_SERVER = "dev.agentls.mcp.SdkTestServer";

    /**
     * While the terminal waits for the answer to the trust question of a project's server, an interrupt cancels the
     * run: it ends {@code cancelled} at once (not after the five minutes the question may wait), the model is never
     * asked, the server is never started, and nothing is left running or remembered as trusted.
     */
    @Test
    void aCancelWhileTheTrustQuestionWaitsEndsTheRunCancelledWithoutStartingTheServer() throws Exception {
        Path root = TestWorkspace.copy("demo", temp).toRealPath();
        ObjectNode entry = JSON.createObjectNode();
        entry.put("command", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        entry.putArray("args").add("-XX:TieredStopAtLevel=1").add("-cp").add(System.getProperty("java.class.path"))
                .add(SDK_SERVER);
        ObjectNode file = JSON.createObjectNode();
        file.putObject("mcpServers").set("local", entry);
        Files.writeString(root.resolve(".mcp.json"), file.toPrettyString());
        String base = serve(new OpenAiScript().answer("", "attempt_completion", arguments("result", "never")));
        PipedOutputStream keyboard = new PipedOutputStream();
        PipedInputStream stdin = new PipedInputStream(keyboard);
        AtomicReference<Runnable> interrupt = new AtomicReference<>();

        CompletableFuture<Integer> status = CompletableFuture.supplyAsync(() -> {
            try {
                return run(stdin, interrupt, "--workspace", root.toString(), "--prompt", "Look around", "--json",
                        "--base-url", base, "--model", "m");
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
        int exit = status.get(20, TimeUnit.SECONDS);
        long millis = (System.nanoTime() - cancelledAt) / 1_000_000;
        keyboard.close();

        assertEquals(RunCommand.CANCELLED, exit, err.toString(StandardCharsets.UTF_8));
        assertTrue(millis < 10_000, "the cancel ends the wait at once: " + millis + " ms");
        assertEquals("cancelled", events("run_finished").get(0).path("status").asText());
        List<String> warnings = events("warning").stream().map(w -> w.path("message").asText()).toList();
        assertTrue(warnings.contains("MCP server 'local' was not started: the run was cancelled while the trust"
                + " question waited for an answer"), warnings.toString());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("question withdrawn: the run was cancelled"),
                "the terminal takes the trust question back, saying why: " + err);
        assertEquals(0, servers.get(0).requests().size(), "the model is never asked");
        assertFalse(err.toString(StandardCharsets.UTF_8).contains("MCP server 'local': starting"),
                "the server is never started: " + err);
        assertEquals(0, ProcessHandle.current().descendants().filter(p -> p.info().arguments()
                .map(a -> List.of(a).contains(SDK_SERVER)).orElse(false)).count(), "no MCP server is left running");
        Path trust = root.resolve(".agentls/settings.json");
        assertFalse(Files.exists(trust) && Files.readString(trust).contains("mcpTrusted"),
                "nothing is remembered as trusted");
    }
}
