package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code :Agent} from {@code editors/nvim} (loaded by the README block) in a headless Neovim 0.7: what it sends for
 * a typed instruction, a range, {@code ask} mode, and what it says, without sending anything, when there is nothing
 * to run or no run to answer. The model is a closed loopback port, so started runs fail at their first request; only
 * what Neovim sends and shows is checked here (the whole task is {@link NeovimWholeTaskTest}).
 */
@Tag("slow")
class NeovimAgentCommandTest {

    static final String GREETER = "src/main/java/demo/Greeter.java";

    @TempDir
    Path temp;

    @Test
    void agentSendsTypedInstructionsWithRangeAndModeAndSaysWhenThereIsNothingToRunOrAnswer() throws Exception {
        NeovimDriver.requireNeovim();
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        String disk = Files.readString(root.resolve(GREETER));
        List<Map<String, Object>> steps = List.of(
                Map.of("line", 1, "command", "Agent"),
                Map.of("line", 1, "command", "Agent deny"),
                Map.of("line", 14, "command", "14,16Agent explain this method"),
                Map.of("line", 1, "command", "Agent ask what does greet return"),
                Map.of("line", 1, "command", "Agent plan"));

        JsonObject report = run(root, steps);

        List<JsonObject> done = NeovimWholeTaskTest.objects(report, "steps");
        JsonObject noLine = done.get(0);
        assertEquals(List.of("AgentLS: no @agent line 1; try :Agent <instruction>"),
                NeovimWholeTaskTest.strings(noLine, "echoes"));
        assertEquals(List.of("textDocument/codeAction"), methods(noLine), "only asked the server for the line's actions");

        JsonObject noRun = done.get(1);
        assertEquals(List.of("AgentLS: no run to deny"), NeovimWholeTaskTest.strings(noRun, "echoes"));
        assertEquals(List.of(), methods(noRun));

        JsonObject ranged = onlyRequest(done.get(2));
        JsonObject arguments = ranged.getAsJsonObject("params").getAsJsonArray("arguments").get(0).getAsJsonObject();
        assertEquals("agentls.run", ranged.getAsJsonObject("params").get("command").getAsString());
        assertEquals("explain this method", arguments.get("prompt").getAsString());
        assertEquals("direct", arguments.get("mode").getAsString());
        assertEquals("file://" + root.resolve(GREETER), arguments.get("uri").getAsString());
        assertEquals(JsonParser.parseString("{\"start\":{\"line\":13,\"character\":0},"
                + "\"end\":{\"line\":15,\"character\":5}}"), arguments.get("range"), "lines 14-16, to the end of 16");
        assertEquals("1", ranged.getAsJsonObject("result").get("runId").getAsString());

        JsonObject ask = onlyRequest(done.get(3));
        JsonObject askArguments = ask.getAsJsonObject("params").getAsJsonArray("arguments").get(0).getAsJsonObject();
        assertEquals("what does greet return", askArguments.get("prompt").getAsString());
        assertEquals("ask", askArguments.get("mode").getAsString());
        assertEquals("2", ask.getAsJsonObject("result").get("runId").getAsString());

        assertTrue(NeovimWholeTaskTest.strings(done.get(4), "echoes")
                .contains("AgentLS: no @agent line 1; try :Agent <instruction>"), done.get(4).toString());

        for (JsonObject step : done) {
            for (JsonObject request : NeovimWholeTaskTest.objects(step, "requests")) {
                assertTrue(request.has("ms") && request.get("ms").getAsDouble()
                        < NeovimWholeTaskTest.LONGEST_ANSWER_MS, "slower than 2 s or never answered: " + request);
            }
        }
        assertEquals(disk, report.get("buffer").getAsString(), "no command changed the buffer");
    }

    private static JsonObject onlyRequest(JsonObject step) {
        List<JsonObject> requests = NeovimWholeTaskTest.objects(step, "requests");
        assertEquals(1, requests.size(), step.toString());
        assertTrue(!requests.get(0).has("error"), step.toString());
        return requests.get(0);
    }

    private static List<String> methods(JsonObject step) {
        return NeovimWholeTaskTest.objects(step, "requests").stream().map(r -> r.get("method").getAsString()).toList();
    }

    private JsonObject run(Path root, List<Map<String, Object>> steps) throws Exception {
        Path driver = temp.resolve("agent-commands.lua");
        try (InputStream in = getClass().getResourceAsStream("/nvim/agent-commands.lua")) {
            Files.write(driver, in.readAllBytes());
        }
        Path setup = temp.resolve("init.lua");
        Files.writeString(setup, NeovimReadmeSetupTest.readmeSetup());
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        List<String> server = new ArrayList<>(NeovimDriver.serverCommand());
        server.addAll(List.of("--provider", "openai", "--base-url", "http://127.0.0.1:" + closedPort + "/v1",
                "--model", "none"));
        Path result = temp.resolve("result.json");
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("root", root.toString());
        params.put("agentls_home", LspFixture.repoRoot().toString());
        params.put("server_cmd", server);
        params.put("setup_file", setup.toString());
        params.put("file", root.resolve(GREETER).toString());
        params.put("steps", steps);
        params.put("result_file", result.toString());
        Path paramsFile = temp.resolve("params.json");
        Files.writeString(paramsFile, new Gson().toJson(params));

        NeovimDriver.Outcome outcome = NeovimDriver.runLua(driver, Map.of("AGENTLS_NVIM_PARAMS",
                paramsFile.toString()), temp, result);

        assertTrue(outcome.ok(), outcome.describe());
        return outcome.report();
    }
}
