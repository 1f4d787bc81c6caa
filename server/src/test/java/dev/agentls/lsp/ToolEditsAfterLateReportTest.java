package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.ApplyWorkspaceEditParams;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's own tool edits in an editor that refuses edits for another version of a buffer and reports its buffers
 * only after 0.5 s idle (eglot 1.9; here reporting 500 and 700 ms after each edit): step 2 edits the line step 1
 * edited. Each tool edit is answered to the model only once the editor's report shows it, so step 2 is planned on
 * the buffer with step 1 (the version eglot holds) and both land; no result says "applied" about a buffer that does
 * not show the edit yet.
 */
@Tag("slow")
class ToolEditsAfterLateReportTest {

    static final String UPPER = """
            ------- SEARCH
                    return greeting + ", " + name.strip() + "!";
            =======
                    return greeting + ", " + name.strip().toUpperCase() + "!";
            +++++++ REPLACE""";

    @TempDir
    Path temp;

    private static RealClient eglotReportingAfter(long millis) {
        RealClient eglot = RealClient.eglot19().declaring(true, false);
        return new RealClient(eglot.name() + " reporting after " + millis + " ms", eglot.capabilities(),
                eglot.answersShowMessageRequest(), eglot.answersApplyEdit(), eglot.skipsStaleEdits(), millis);
    }

    @ParameterizedTest
    @ValueSource(longs = {500, 700})
    void step2EditsWhatStep1EditedAndBothLandOnlyReportedAppliedOnceTheBufferShowsThem(long reportAfter)
            throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", AgentRunCommandsTest.FIX)
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", UPPER)
                .complete("Names are stripped and shouted.");
        try (RunFixture lsp = new RunFixture(temp, eglotReportingAfter(reportAfter), answers)) {
            String before = lsp.open(RunFixture.GREETER);
            lsp.answer("agentls.run", Map.of("prompt", "strip and shout names"));

            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished"));
            String buffer = lsp.awaitBuffer(RunFixture.GREETER, text -> text.contains("toUpperCase"));
            assertEquals(before.replace("name + \"!\"", "name.strip().toUpperCase() + \"!\""), buffer);

            List<ApplyWorkspaceEditParams> sent = lsp.editor.edits;
            assertEquals(List.of(1, 2), sent.stream().map(edit -> edit.getEdit().getDocumentChanges().get(0)
                    .getLeft().getTextDocument().getVersion()).toList(),
                    "step 2 planned on the version with step 1, each edit sent once");
            List<JsonObject> results = lsp.editor.events.stream()
                    .filter(event -> event.get("type").getAsString().equals("tool_result")
                            && event.get("name").getAsString().equals("replace_in_file")).toList();
            assertEquals(2, results.size(), lsp.editor.events.toString());
            for (JsonObject result : results) {
                String text = result.toString();
                assertTrue(result.get("ok").getAsBoolean(), text);
                assertFalse(text.contains("has not seen it"), "reported applied before the buffer showed it: " + text);
            }
            JsonObject finished = lsp.editor.events.get(lsp.editor.events.size() - 1);
            assertEquals("completed", finished.get("status").getAsString(), finished.toString());
            List<Long> reports = lsp.editor.reportTimes;
            assertEquals(2, reports.size(), "one report per edit");
        }
    }
}
