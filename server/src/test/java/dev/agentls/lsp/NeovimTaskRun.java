package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import dev.agentls.testing.AgentProcesses;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of {@code nvim/whole-task.lua}: the README's Neovim block sourced in a headless Neovim attached to AgentLS
 * with its model at {@code agentls replay-model} playing {@code nvim/whole-task-openai.jsonl}, the
 * {@code @agent} line of {@link NeovimWholeTaskTest#INSTRUCTION} typed into Greeter.java and run {@code how}
 * ({@code code_action}, or an Ex command such as {@code Agent}). {@code extra} sets the driver's other parameters
 * (the person's {@code approval_choice}, an {@code after_waiting} command). Answers the driver's report.
 */
final class NeovimTaskRun {

    private NeovimTaskRun() {}

    static JsonObject run(AgentProcesses agents, Path temp, Path root, String how, Map<String, Object> extra)
            throws Exception {
        Path script = temp.resolve("whole-task-openai.jsonl");
        Path driver = temp.resolve("whole-task.lua");
        copyResource("/nvim/whole-task-openai.jsonl", script);
        copyResource("/nvim/whole-task.lua", driver);
        Path setup = temp.resolve("init.lua");
        Files.writeString(setup, NeovimReadmeSetupTest.readmeSetup());
        Path result = temp.resolve("result.json");
        try (ReplayModelProcess model = ReplayModelProcess.start(agents, script)) {
            List<String> server = new ArrayList<>(NeovimDriver.serverCommand());
            server.addAll(List.of("--provider", "openai", "--base-url", model.openAiBaseUrl(), "--model",
                    "replay-nvim"));
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("root", root.toString());
            params.put("agentls_home", LspFixture.repoRoot().toString());
            params.put("server_cmd", server);
            params.put("setup_file", setup.toString());
            params.put("open_file", root.resolve(NeovimWholeTaskTest.GREETER).toString());
            params.put("watched_files", List.of(root.resolve(NeovimWholeTaskTest.GREETER).toString(),
                    root.resolve(NeovimWholeTaskTest.MAIN).toString()));
            params.put("anchor_line", "    public String greet(String name) {");
            params.put("instruction_line", NeovimWholeTaskTest.INSTRUCTION.strip()); // autoindent puts the indent
            params.put("how", how);
            params.put("pick_action", "AgentLS: run");
            params.put("result_file", result.toString());
            params.putAll(extra);
            Path paramsFile = temp.resolve("params.json");
            Files.writeString(paramsFile, new Gson().toJson(params));

            NeovimDriver.Outcome outcome = NeovimDriver.runLua(driver, Map.of("AGENTLS_NVIM_PARAMS",
                    paramsFile.toString()), temp, result);

            assertTrue(outcome.ok(), outcome.describe() + "\nreplay-model:\n" + model.printed());
            return outcome.report();
        }
    }

    private static void copyResource(String name, Path to) throws Exception {
        try (InputStream in = NeovimTaskRun.class.getResourceAsStream(name)) {
            assertFalse(in == null, "missing test resource " + name);
            Files.write(to, in.readAllBytes());
        }
    }
}
