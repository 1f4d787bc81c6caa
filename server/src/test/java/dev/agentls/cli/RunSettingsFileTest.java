package dev.agentls.cli;

import dev.agentls.session.McpWiring;
import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.mcp.SdkTestServer;
import dev.agentls.tools.TestWorkspace;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls run --settings FILE}: the editor's settings section from a file applies to a headless run, every key
 * of it (those without a flag, and {@code agentls.mcp.servers}), with the flags laid over it key by key. The run is
 * the real command in-process on a temp copy of test-workspaces/demo, the model {@code agentls replay-model}'s server
 * on loopback, and the MCP server the SDK's own ({@link SdkTestServer}) in a child JVM. A settings file that cannot
 * be used stops the run before anything is made: exit 1, the facts on stderr, no model call, no file touched
 * ({@link RunSettingsFileRefusalTest}).
 */
@Tag("slow")
class RunSettingsFileTest {

    static final ObjectMapper JSON = new ObjectMapper();

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

    @Test
    void aRunTakesTheModelAndAgentKeysOfTheFileIncludingOnesWithoutAFlag() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        ReplayServer model = serve(new OpenAiScript()
                .answer("", "list_dir", arguments("relative_workspace_path", "."))
                .answer("", "list_dir", arguments("relative_workspace_path", "src"))
                .answer("", "attempt_completion", arguments("result", "never reached")));
        ObjectNode section = JSON.createObjectNode();
        ObjectNode llm = section.putObject("llm");
        llm.put("baseUrl", model.baseUrl() + "/v1").put("model", "from-file");
        // Prices have no flag: only a settings source can give them.
        llm.putObject("prices").putObject("from-file").put("input", 1.5).put("output", 4);
        section.putObject("agent").put("maxIterations", 1);
        Path file = write("settings.json", section);

        int status = run("--workspace", root.toString(), "--prompt", "Look around", "--json",
                "--settings", file.toString());

        assertEquals(RunCommand.FAILED, status, stderr());
        assertEquals("from-file", requestBody(model, 0).path("model").asText());
        assertEquals(1, model.requests().size(), "agent.maxIterations 1 from the file stops after one call");
        assertEquals("max_iterations", last("run_finished").path("status").asText());
        // 100 input tokens at 1.5 and 20 output tokens at 4 per million: the file's price table priced the call.
        assertEquals(0, new BigDecimal("0.00023").compareTo(new BigDecimal(last("token_usage").path("cost")
                .asText())), last("token_usage").toString());
    }

    @Test
    void aFlagWinsOverTheFilesValueOfItsKeyAndTheFilesOtherKeysStillApply() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        ReplayServer model = serve(new OpenAiScript()
                .answer("", "list_dir", arguments("relative_workspace_path", "."))
                .answer("", "attempt_completion", arguments("result", "Looked.")));
        ObjectNode options = JSON.createObjectNode();
        ObjectNode section = options.putObject("agentls");
        section.putObject("llm").put("baseUrl", model.baseUrl() + "/v1").put("model", "from-file")
                .put("toolMode", "xml");
        section.putObject("agent").put("maxIterations", 1);
        Path file = write("init-options.json", options);

        int status = run("--workspace", root.toString(), "--prompt", "Look around", "--json",
                "--settings", file.toString(), "--model", "from-flag", "--max-iterations", "5",
                "--tool-mode=native");

        assertEquals(RunCommand.COMPLETED, status, stderr());
        JsonNode first = requestBody(model, 0);
        assertEquals("from-flag", first.path("model").asText());
        assertTrue(first.path("tools").isArray() && first.path("tools").size() > 0,
                "--tool-mode native won over the file's xml: the tools go as native schemas");
        assertEquals(2, model.requests().size(), "--max-iterations 5 won over the file's 1");
        assertEquals("completed", last("run_finished").path("status").asText());
    }

    @Test
    void anMcpServerOfTheFileOffersItsToolWhichTheModelCallsAndWhoseResultComesBack() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        ReplayServer model = serve(new OpenAiScript()
                .answer("", "mcp__fromFile__echo", arguments("text", "through the settings file"))
                .answer("", "attempt_completion", arguments("result", "Echoed.")));
        ObjectNode section = JSON.createObjectNode();
        section.putObject("llm").put("baseUrl", model.baseUrl() + "/v1").put("model", "m");
        ObjectNode mcp = section.putObject("mcp");
        mcp.put("timeout", "60s");
        mcp.putObject("servers").set("fromFile", sdkServer());
        Path file = write("settings.json", section);

        int status = run("--workspace", root.toString(), "--prompt", "Echo it", "--json", "--approve", "all",
                "--settings", file.toString());

        assertEquals(RunCommand.COMPLETED, status, stderr());
        List<String> offered = new ArrayList<>();
        requestBody(model, 0).path("tools").forEach(t -> offered.add(t.path("function").path("name").asText()));
        assertTrue(offered.contains("mcp__fromFile__echo"), "the file's server's tool is offered: " + offered);
        JsonNode result = first("tool_result");
        assertEquals("mcp__fromFile__echo", result.path("name").asText());
        assertTrue(result.path("ok").asBoolean(), result.toString());
        assertTrue(result.path("text").asText().startsWith("echo: through the settings file"), result.toString());
        assertTrue(model.requests().get(1).body().contains("echo: through the settings file"),
                "the result goes back to the model");
        assertTrue(stderr().contains("MCP server 'fromFile': starting"), stderr());
    }

    @Test
    void inXmlModeTheFilesMcpServerIsCalledThroughUseMcpTool() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String call = "<use_mcp_tool>\n<server_name>fromFile</server_name>\n<tool_name>echo</tool_name>\n"
                + "<arguments>{\"text\": \"xml through the file\"}</arguments>\n</use_mcp_tool>";
        ReplayServer model = serve(new OpenAiScript()
                .answer(call, new String[0])
                .answer("<attempt_completion>\n<result>Echoed.</result>\n</attempt_completion>", new String[0]));
        ObjectNode section = JSON.createObjectNode();
        section.putObject("llm").put("baseUrl", model.baseUrl() + "/v1").put("model", "m").put("toolMode", "xml");
        section.putObject("mcp").putObject("servers").set("fromFile", sdkServer());
        Path file = write("settings.json", JSON.createObjectNode().set("agentls", section));

        int status = run("--workspace", root.toString(), "--prompt", "Echo it", "--json", "--approve", "all",
                "--settings", file.toString());

        assertEquals(RunCommand.COMPLETED, status, stderr());
        String system = model.requests().get(0).body();
        assertTrue(system.contains("## use_mcp_tool") && system.contains("- echo: "),
                "the XML prompt lists the file's server's tool");
        JsonNode result = first("tool_result");
        assertEquals("use_mcp_tool", result.path("name").asText());
        assertTrue(result.path("text").asText().startsWith("echo: xml through the file"), result.toString());
        assertTrue(model.requests().get(1).body().contains("echo: xml through the file"));
    }

    @Test
    void anMcpServerOfTheFileThatCannotStartIsAWarningAndTheRunGoesOnWithoutIt() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        ReplayServer model = serve(new OpenAiScript()
                .answer("", "attempt_completion", arguments("result", "Done without it.")));
        ObjectNode section = JSON.createObjectNode();
        section.putObject("llm").put("baseUrl", model.baseUrl() + "/v1").put("model", "m");
        ObjectNode broken = JSON.createObjectNode().put("command", temp.resolve("no-such-server").toString());
        section.putObject("mcp").putObject("servers").set("broken", broken);
        Path file = write("settings.json", section);

        int status = run("--workspace", root.toString(), "--prompt", "Do it", "--json", "--approve", "deny",
                "--settings", file.toString());

        assertEquals(RunCommand.COMPLETED, status, stderr());
        String warning = last("warning").path("message").asText();
        assertTrue(warning.startsWith("MCP server 'broken' failed to start: "), warning);
        assertTrue(warning.contains("no-such-server"), warning);
        assertTrue(warning.endsWith("; this run goes on without it"), warning);
        assertEquals("completed", last("run_finished").path("status").asText());
    }

    @Test
    void theFilesUnknownKeysAndKeysOutsideTheSectionAreWarnedAboutOnStderrNamingTheFile() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        ReplayServer model = serve(new OpenAiScript().answer("Nothing to do.", new String[0]));
        ObjectNode options = JSON.createObjectNode();
        options.putObject("agentls").putObject("llm").put("baseUrl", model.baseUrl() + "/v1").put("model", "m")
                .put("temprature", 0.2);
        options.putObject("otherServer").put("x", 1);
        Path file = write("init-options.json", options);

        int status = run("--workspace", root.toString(), "--prompt", "Nothing", "--json", "--settings",
                file.toString());

        assertEquals(RunCommand.COMPLETED, status, stderr());
        assertTrue(stderr().contains("agentls run: warning: --settings " + file + ": agentls.llm.temprature: "),
                stderr());
        assertTrue(stderr().contains("agentls run: warning: --settings " + file
                + ": top-level key otherServer is outside the agentls section; ignored"), stderr());
    }

    private static ObjectNode sdkServer() {
        ObjectNode entry = JSON.createObjectNode();
        entry.put("command", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        entry.putArray("args").add("-Xshare:auto").add("-XX:TieredStopAtLevel=1").add("-cp")
                .add(System.getProperty("java.class.path")).add(SdkTestServer.class.getName());
        return entry;
    }

    private Path write(String name, JsonNode content) throws Exception {
        Path file = temp.resolve(name);
        Files.writeString(file, content.toPrettyString());
        return file;
    }

    private ReplayServer serve(OpenAiScript script) throws Exception {
        ReplayServer server = ReplayServer.start(script.transcript(), 0, threads, line -> { });
        servers.add(server);
        return server;
    }

    private int run(String... args) throws UsageException {
        PrintStream log = new PrintStream(err, true, StandardCharsets.UTF_8);
        return new RunCommand(InputStream.nullInputStream(), RunCommandTests.notATerminal(),
                new McpWiring(home, Map.of(), log))
                .run(args, new PrintStream(out, true, StandardCharsets.UTF_8), log);
    }

    private static JsonNode requestBody(ReplayServer model, int index) throws Exception {
        return JSON.readTree(model.requests().get(index).body());
    }

    private JsonNode first(String type) throws Exception {
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                JsonNode event = JSON.readTree(line);
                if (event.path("type").asText().equals(type)) {
                    return event;
                }
            }
        }
        throw new AssertionError("no " + type + " event in " + out);
    }

    private JsonNode last(String type) throws Exception {
        JsonNode found = null;
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                JsonNode event = JSON.readTree(line);
                if (event.path("type").asText().equals(type)) {
                    found = event;
                }
            }
        }
        assertFalse(found == null, "no " + type + " event in " + out);
        return found;
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
