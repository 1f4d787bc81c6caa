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
 * {@code agentls.el} beside eglot running Debian's pylsp, in a batch Emacs (driver
 * {@code emacs/flymake-diagnostics.el}): what Flymake shows from eglot's backend reaches AgentLS, so the scripted
 * model's edit that introduces an undefined name brings pyflakes' "undefined name" with its line into the model's
 * next request, and its fix brings "1 resolved"; with {@code agentls-diagnostics} nil the model hears nothing.
 */
@Tag("slow")
class AgentlsElFlymakeDiagnosticsTest {

    @TempDir
    Path temp;

    private List<ReplayServer.Request> run(boolean diagnostics) throws Exception {
        HeadlessEditor.require("Emacs with eglot", "AGENTLS_REQUIRE_EMACS",
                List.of("emacs", "--batch", "-q", "--eval", "(require 'eglot)"));
        Assumptions.assumeTrue(new ProcessBuilder("pylsp", "--version").start().waitFor() == 0,
                "pylsp is missing: install Debian's python3-pylsp (scripts/lib.sh ensure_pylsp)");
        Path root = temp.resolve("shop");
        Files.createDirectories(root);
        Files.writeString(root.resolve("app.py"), NeovimPylspDiagnosticsTest.APP);
        ReplayAnswers answers = new ReplayAnswers()
                .call("replace_in_file", "target_file", "app.py", "diff", VimAlePylspDiagnosticsTest.BREAK)
                .call("replace_in_file", "target_file", "app.py", "diff", VimAlePylspDiagnosticsTest.FIX)
                .complete("Done.");
        ExecutorService executor = Executors.newCachedThreadPool();
        try (AutoCloseable stop = executor::shutdownNow;
             ReplayServer model = ReplayServer.start(answers.transcript(), 0, executor, line -> { })) {
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("setup_dir", HeadlessEditor.setup("emacs").toString());
            params.put("server_cmd", List.of(HeadlessEditor.serverScript(temp).toString(), "--provider", "openai",
                    "--base-url", model.baseUrl() + "/v1", "--model", "replay-flymake"));
            params.put("root", root.toString());
            params.put("file", root.resolve("app.py").toString());
            params.put("prompt", "sum the prices");
            params.put("diagnostics", diagnostics);
            params.put("state_dir", Files.createDirectories(temp.resolve("state")).toString());
            HeadlessEditor.Outcome outcome = HeadlessEditor.run("/emacs/flymake-diagnostics.el",
                    List.of("emacs", "--batch", "-q", "-l", "{driver}"), "AGENTLS_EMACS_PARAMS", params, temp);
            forwards = outcome.text("forwards");
            assertNull(outcome.text("failure"), outcome.describe());
            assertEquals("def total(prices):\n    return sum(price for price in prices)\n", outcome.text("buffer"));
            List<ReplayServer.Request> requests = model.requests();
            assertEquals(3, requests.size(), outcome.describe());
            return requests;
        }
    }

    private static String forwards = "";

    private static String lastResult(ReplayServer.Request request) {
        String body = request.body();
        int at = body.lastIndexOf("\"role\":\"tool\"");
        return (at < 0 ? body : body.substring(at, Math.min(body.length(), at + 300))) + "\nforwarded: " + forwards;
    }

    @Test
    void pylspsUndefinedNameInFlymakeReachesTheModelWithItsLineAndTheFixIsReportedResolved() throws Exception {
        List<ReplayServer.Request> requests = run(true);

        assertTrue(requests.get(1).body().contains("Editor diagnostics for app.py after this edit: 1 new, 0 resolved."
                + "\\n  line 2 error: pyflakes: undefined name 'prics' (eglot-flymake-backend)"),
                lastResult(requests.get(1)));
        assertTrue(requests.get(2).body().contains("Editor diagnostics for app.py after this edit: 0 new, 1 resolved."),
                lastResult(requests.get(2)));
    }

    @Test
    void withAgentlsDiagnosticsNilTheModelHearsNothingOfFlymake() throws Exception {
        List<ReplayServer.Request> requests = run(false);

        assertFalse(requests.get(1).body().contains("Editor diagnostics"), lastResult(requests.get(1)));
        assertFalse(requests.get(2).body().contains("Editor diagnostics"), lastResult(requests.get(2)));
    }
}
