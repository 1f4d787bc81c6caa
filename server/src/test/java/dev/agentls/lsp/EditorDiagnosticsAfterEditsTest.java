package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.agentls.llm.replay.ReplayServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After a run's edit lands, the model's tool result carries what the editor's other language servers then say of
 * the file, as a delta: new errors and warnings with line and text, resolved ones counted. The editor here plays a
 * language server that flags every line holding {@code undefinedName} (as pyflakes flags an undefined name), reporting
 * through {@code agentls/diagnostics} when the file opens and after each buffer report.
 */
@Tag("slow")
class EditorDiagnosticsAfterEditsTest {

    static final String BREAK = """
            ------- SEARCH
                    return greeting + ", " + name + "!";
            =======
                    return greeting + ", " + undefinedName + "!";
            +++++++ REPLACE""";
    static final String FIX = """
            ------- SEARCH
                    return greeting + ", " + undefinedName + "!";
            =======
                    return greeting + ", " + name.strip() + "!";
            +++++++ REPLACE""";

    @TempDir
    Path temp;

    /** Reports, for each line with {@code undefinedName}, an error, and {@code extra} warnings on line 1. */
    private static void serveDiagnostics(RunFixture lsp, int extra) {
        lsp.editor.afterReport = (uri, text) -> {
            JsonArray items = new JsonArray();
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].contains("undefinedName")) {
                    items.add(item(i, 1, "cannot find symbol: variable undefinedName", "javac"));
                }
            }
            for (int i = 0; i < extra; i++) {
                items.add(item(0, 2, "warning number " + i, "flood"));
            }
            items.add(item(2, 1, "the instruction is not done", "agentls"));
            JsonObject params = new JsonObject();
            params.addProperty("uri", uri);
            params.add("diagnostics", items);
            lsp.reporting.editorDiagnostics(params);
        };
    }

    private static JsonObject item(int line, int severity, String message, String source) {
        JsonObject item = new JsonObject();
        item.addProperty("line", line);
        item.addProperty("severity", severity);
        item.addProperty("message", message);
        item.addProperty("source", source);
        return item;
    }

    private static List<String> editResults(RunFixture lsp) {
        return lsp.editor.events.stream().filter(e -> e.get("type").getAsString().equals("tool_result")
                        && e.get("name").getAsString().equals("replace_in_file"))
                .map(e -> e.get("text").getAsString()).toList();
    }

    @Test
    void anEditThatBreaksTheFileBringsTheNewErrorWithItsLineAndTheFixCountsItResolved() throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", BREAK)
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", FIX)
                .complete("Fixed.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix().declaring(true, false), answers)) {
            serveDiagnostics(lsp, 0);
            lsp.editor.afterReport.accept(lsp.uri(RunFixture.GREETER), lsp.open(RunFixture.GREETER));
            lsp.answer("agentls.run", Map.of("prompt", "greet"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));

            List<String> results = editResults(lsp);
            assertTrue(results.get(0).contains("Editor diagnostics for " + RunFixture.GREETER + " after this edit: 1"
                    + " new, 0 resolved.\n  line 15 error: cannot find symbol: variable undefinedName (javac)"),
                    results.get(0));
            assertFalse(results.get(0).contains("instruction is not done"), "AgentLS's own are left out");
            assertTrue(results.get(1).contains("after this edit: 0 new, 1 resolved."), results.get(1));
            // The model reads them in its next request.
            List<ReplayServer.Request> requests = lsp.model.requests();
            assertTrue(requests.get(1).body().contains("line 15 error: cannot find symbol: variable undefinedName"),
                    requests.get(1).body());
            assertTrue(requests.get(2).body().contains("0 new, 1 resolved"));
        }
    }

    @Test
    void tenThousandDiagnosticsOnOneFileAreCappedAndTheRunGoesOn() throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", BREAK)
                .complete("Done.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix().declaring(true, false), answers)) {
            serveDiagnostics(lsp, 0);
            lsp.editor.afterReport.accept(lsp.uri(RunFixture.GREETER), lsp.open(RunFixture.GREETER));
            serveDiagnostics(lsp, 10_000);
            lsp.answer("agentls.run", Map.of("prompt", "greet"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));

            String result = editResults(lsp).get(0);
            assertTrue(result.contains("the editor reported 10001; the first 500 were compared"), result);
            assertTrue(result.contains("... and 480 more new"), result);
            assertTrue(result.length() < 4_000, "capped: " + result.length() + " characters");
        }
    }

    @Test
    void whenNoServerReportsTheEditIsNotHeldAndTheResultSaysNothingOfDiagnostics() throws Exception {
        // A settle bound far past the test's own timeout: had the run waited for reports, it could not finish.
        EditorWaits forever = new EditorWaits(Duration.ofSeconds(10), Duration.ofMinutes(10), Duration.ofMinutes(10));
        ReplayAnswers answers = new ReplayAnswers()
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", BREAK)
                .complete("Done.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix().declaring(true, false), answers, () -> { },
                "", "test-model", forever)) {
            lsp.open(RunFixture.GREETER);
            lsp.answer("agentls.run", Map.of("prompt", "greet"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));

            assertFalse(editResults(lsp).get(0).contains("diagnostics"), editResults(lsp).get(0));
        }
    }
}
