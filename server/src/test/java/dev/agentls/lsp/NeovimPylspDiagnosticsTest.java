package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import dev.agentls.llm.replay.ReplayServer;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Debian's pylsp beside AgentLS in a headless Neovim, with {@code editors/nvim}'s set-up: the scripted model's edit
 * that introduces an undefined name brings pyflakes' "undefined name" with its line into the model's next request,
 * and its fix brings "1 resolved". Prints the time from each edit applied in Neovim's buffer to the model's next
 * request (both read from the machine's monotonic clock).
 */
@Tag("slow")
class NeovimPylspDiagnosticsTest {

    static final String APP = "def total(prices):\n    return sum(prices)\n";

    @TempDir
    Path temp;

    @Test
    void pylspsUndefinedNameReachesTheModelWithItsLineAndTheFixIsReportedResolved() throws Exception {
        NeovimDriver.requireNeovim();
        Assumptions.assumeTrue(new ProcessBuilder("pylsp", "--version").start().waitFor() == 0,
                "pylsp is missing: install Debian's python3-pylsp (scripts/lib.sh ensure_pylsp)");
        Path root = temp.resolve("shop");
        Files.createDirectories(root);
        Files.writeString(root.resolve("app.py"), APP);
        ReplayAnswers answers = new ReplayAnswers()
                .call("replace_in_file", "target_file", "app.py", "diff",
                        "------- SEARCH\n    return sum(prices)\n=======\n    return sum(prics)\n+++++++ REPLACE")
                .call("replace_in_file", "target_file", "app.py", "diff",
                        "------- SEARCH\n    return sum(prics)\n=======\n    return sum(price for price in prices)\n"
                                + "+++++++ REPLACE")
                .complete("Done.");
        List<Long> arrivals = new CopyOnWriteArrayList<>();
        ExecutorService executor = Executors.newCachedThreadPool();
        try (AutoCloseable stop = executor::shutdownNow) {
            ReplayServer model = ReplayServer.start(answers.transcript(), 0, executor, line -> {
                if (line.contains("-> scripted response")) {
                    arrivals.add(System.nanoTime());
                }
            });
            List<String> server = new ArrayList<>(NeovimDriver.serverCommand());
            server.addAll(List.of("--provider", "openai", "--base-url", model.baseUrl() + "/v1", "--model",
                    "replay-pylsp"));
            Path driver = temp.resolve("pylsp-diagnostics.lua");
            try (InputStream in = getClass().getResourceAsStream("/nvim/pylsp-diagnostics.lua")) {
                Files.write(driver, in.readAllBytes());
            }
            Path result = temp.resolve("result.json");
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("root", root.toString());
            params.put("file", root.resolve("app.py").toString());
            params.put("agentls_home", LspFixture.repoRoot().toString());
            params.put("server_cmd", server);
            params.put("prompt", "sum the prices");
            params.put("result_file", result.toString());
            Path paramsFile = temp.resolve("params.json");
            Files.writeString(paramsFile, new Gson().toJson(params));

            NeovimDriver.Outcome outcome = NeovimDriver.runLua(driver, Map.of("AGENTLS_NVIM_PARAMS",
                    paramsFile.toString()), temp, result);
            JsonObject report = outcome.report();
            assertTrue(report.has("ok") && report.get("ok").getAsBoolean(), outcome.describe());

            List<ReplayServer.Request> requests = model.requests();
            assertEquals(3, requests.size(), outcome.describe());
            String afterBreak = requests.get(1).body();
            assertTrue(afterBreak.contains("Editor diagnostics for app.py after this edit: 1 new, 0 resolved.\\n"
                    + "  line 2 error: undefined name 'prics' (pyflakes)"),
                    afterBreak.substring(Math.max(0, afterBreak.length() - 600)) + "\nNeovim's diagnostics as they changed: " + report.get("seen"));
            assertTrue(requests.get(2).body().contains("Editor diagnostics for app.py after this edit: 0 new,"
                    + " 1 resolved."), report.toString());
            assertEquals("def total(prices):\n    return sum(price for price in prices)\n",
                    report.get("buffer").getAsString());
            List<Long> applied = new ArrayList<>();
            report.getAsJsonArray("applied").forEach(t -> applied.add(t.getAsLong()));
            for (int edit = 1; edit <= 2; edit++) {
                long arrival = arrivals.get(edit);
                long lastApplied = applied.stream().filter(t -> t < arrival).max(Long::compare).orElseThrow();
                System.out.printf("NeovimPylspDiagnosticsTest: edit %d applied -> its diagnostics in the model's"
                        + " request: %.0f ms%n", edit, (arrival - lastApplied) / 1e6);
            }
        }
    }
}
