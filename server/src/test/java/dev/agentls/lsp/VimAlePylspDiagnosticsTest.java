package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.replay.ReplayServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Debian's pylsp beside AgentLS in Vim with ALE ({@code editors/vim/agentls.vim}, driver
 * {@code vim/pylsp-diagnostics.vim}): the scripted model's edit that introduces an undefined name brings pyflakes'
 * "undefined name" with its line into the model's next request, and its fix brings "1 resolved"; with
 * {@code g:agentls_diagnostics = 0} the model hears nothing of pylsp.
 */
@Tag("slow")
class VimAlePylspDiagnosticsTest {

    static final String BREAK = "------- SEARCH\n    return sum(prices)\n=======\n    return sum(prics)\n"
            + "+++++++ REPLACE";
    static final String FIX = "------- SEARCH\n    return sum(prics)\n=======\n"
            + "    return sum(price for price in prices)\n+++++++ REPLACE";

    @TempDir
    Path temp;

    /** The tool result the request carries last, and what ALE held after each lint. */
    private String lastResult(ReplayServer.Request request) {
        String body = request.body();
        int at = body.lastIndexOf("\"role\":\"tool\"");
        return (at < 0 ? body : body.substring(at, Math.min(body.length(), at + 600))) + "\nALE's lints: " + lints;
    }

    private String lints = "";

    private List<ReplayServer.Request> run(boolean diagnostics) throws Exception {
        HeadlessEditor.require("Vim with ALE", "AGENTLS_REQUIRE_VIM",
                List.of("vim", "-N", "-u", "NONE", "-i", "NONE", "-es", "-c", "packadd ale", "-c", "qall!"));
        Assumptions.assumeTrue(new ProcessBuilder("pylsp", "--version").start().waitFor() == 0,
                "pylsp is missing: install Debian's python3-pylsp (scripts/lib.sh ensure_pylsp)");
        Path root = temp.resolve("shop");
        Files.createDirectories(root);
        Files.writeString(root.resolve("app.py"), NeovimPylspDiagnosticsTest.APP);
        ReplayAnswers answers = new ReplayAnswers()
                .call("replace_in_file", "target_file", "app.py", "diff", BREAK)
                .call("replace_in_file", "target_file", "app.py", "diff", FIX)
                .complete("Done.");
        ExecutorService executor = Executors.newCachedThreadPool();
        try (AutoCloseable stop = executor::shutdownNow;
             ReplayServer model = ReplayServer.start(answers.transcript(), 0, executor, line -> { })) {
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("setup", HeadlessEditor.setup("vim").resolve("agentls.vim").toString());
            params.put("server_cmd", HeadlessEditor.serverScript(temp).toString());
            params.put("root", root.toString());
            params.put("settings", Map.of("llm", Map.of("baseUrl", model.baseUrl() + "/v1", "model", "replay-pylsp",
                    "apiKeyEnv", "AGENTLS_VIM_TEST_NO_KEY")));
            params.put("file", root.resolve("app.py").toString());
            params.put("prompt", "sum the prices");
            params.put("diagnostics", diagnostics ? 1 : 0);
            HeadlessEditor.Outcome outcome = HeadlessEditor.run("/vim/pylsp-diagnostics.vim",
                    List.of("vim", "-N", "-u", "NONE", "-i", "NONE", "-n", "-es", "-S", "{driver}"),
                    "AGENTLS_VIM_PARAMS", params, temp);
            lints = String.valueOf(outcome.report().get("lints"));
            assertNull(outcome.text("failure"), outcome.describe());
            assertEquals("def total(prices):\n    return sum(price for price in prices)\n", outcome.text("buffer"));
            List<ReplayServer.Request> requests = model.requests();
            assertEquals(3, requests.size(), outcome.describe());
            return requests;
        }
    }

    @Test
    void pylspsUndefinedNameReachesTheModelWithItsLineAndTheFixIsReportedResolved() throws Exception {
        List<ReplayServer.Request> requests = run(true);

        String afterBreak = requests.get(1).body();
        assertTrue(afterBreak.contains("Editor diagnostics for app.py after this edit: 1 new, 0 resolved.\\n"
                + "  line 2 error: undefined name 'prics'"), lastResult(requests.get(1)));
        String afterFix = requests.get(2).body();
        assertTrue(afterFix.contains("Editor diagnostics for app.py after this edit: 0 new, 1 resolved."),
                lastResult(requests.get(2)));
    }

    @Test
    void withDiagnosticsTurnedOffTheModelHearsNothingOfPylsp() throws Exception {
        List<ReplayServer.Request> requests = run(false);

        assertFalse(requests.get(1).body().contains("Editor diagnostics"), requests.get(1).body());
        assertFalse(requests.get(2).body().contains("Editor diagnostics"), requests.get(2).body());
    }
}
