package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Code actions on a selection (a range of more than one character; Helix's one-character selection is a cursor):
 * edit as it says, explain, fix the diagnostics in it (a quickfix carrying them), document, write tests; each an
 * {@code agentls.run} scoped to the range with its context in {@code command.arguments}; bad diagnostics refused.
 */
@Tag("slow")
class SelectionActionsTest {

    @TempDir
    Path temp;

    private static Range range(int fromLine, int fromChar, int toLine, int toChar) {
        return new Range(new Position(fromLine, fromChar), new Position(toLine, toChar));
    }

    private static List<CodeAction> actions(RunFixture lsp, Range range, List<Diagnostic> diagnostics)
            throws Exception {
        CodeActionParams params = new CodeActionParams(new TextDocumentIdentifier(lsp.uri(RunFixture.GREETER)),
                range, new CodeActionContext(diagnostics));
        return LspFixture.await(lsp.server.getTextDocumentService().codeAction(params)).stream()
                .map(Either::getRight).toList();
    }

    private static JsonObject arguments(CodeAction action) {
        return new Gson().toJsonTree(action.getCommand().getArguments().get(0)).getAsJsonObject();
    }

    @Test
    void aCursorGetsNoSelectionActionsNorDoesHelixsOneCharacterSelection() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), new ReplayAnswers())) {
            lsp.open(RunFixture.GREETER);
            assertEquals(List.of(), actions(lsp, range(14, 8, 14, 8), List.of()));
            assertEquals(List.of(), actions(lsp, range(14, 8, 14, 9), List.of()));
        }
    }

    @Test
    void aSelectionOffersFiveRunsScopedToItAndTheFixCarriesOnlyTheEditorsDiagnosticsInIt() throws Exception {
        ReplayAnswers answers = new ReplayAnswers().complete("Fixed.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers)) {
            lsp.open(RunFixture.GREETER);
            Diagnostic inside = new Diagnostic(range(14, 15, 14, 23), "greeting may be null",
                    DiagnosticSeverity.Warning, "javac");
            Diagnostic outside = new Diagnostic(range(2, 0, 2, 5), "unused import", DiagnosticSeverity.Hint, "javac");
            Diagnostic ours = new Diagnostic(range(14, 0, 14, 5), "run #1: x", DiagnosticSeverity.Information,
                    "agentls");
            Range selection = range(13, 4, 15, 5);

            List<CodeAction> actions = actions(lsp, selection, List.of(inside, outside, ours));

            assertEquals(List.of("AgentLS: edit the selection as it says", "AgentLS: explain the selection",
                    "AgentLS: fix the 1 diagnostic in the selection", "AgentLS: document the selection",
                    "AgentLS: write tests for the selection"), actions.stream().map(CodeAction::getTitle).toList());
            for (CodeAction action : actions) {
                assertEquals(StartRunCommand.ID, action.getCommand().getCommand());
                assertNull(action.getData(), "context never only in data");
                JsonObject context = arguments(action);
                assertEquals(lsp.uri(RunFixture.GREETER), context.get("uri").getAsString());
                assertEquals("{\"start\":{\"line\":13,\"character\":4},\"end\":{\"line\":15,\"character\":5}}",
                        context.get("range").toString());
            }
            assertEquals("ask", arguments(actions.get(1)).get("mode").getAsString());
            CodeAction fix = actions.get(2);
            assertEquals(CodeActionKind.QuickFix, fix.getKind());
            assertEquals(List.of(inside), fix.getDiagnostics());
            JsonArray carried = arguments(fix).getAsJsonArray("diagnostics");
            assertEquals(1, carried.size());
            assertEquals("greeting may be null", carried.get(0).getAsJsonObject().get("message").getAsString());
            assertEquals(2, carried.get(0).getAsJsonObject().get("severity").getAsInt());

            Command command = fix.getCommand();
            JsonObject started = LspFixture.json(LspFixture.await(lsp.server.getWorkspaceService().executeCommand(
                    new ExecuteCommandParams(command.getCommand(), command.getArguments()))));
            assertEquals("1", started.get("runId").getAsString());
            lsp.editor.awaitShown(message -> message.contains("AgentLS #1 finished (completed)"));
            String body = lsp.model.requests().get(0).body();
            assertTrue(body.contains("greeting may be null"), body);
            assertTrue(body.contains("Fix the diagnostics in the selected code (lines 14-16)"), body);
            assertTrue(body.contains("return greeting + "), "the selection's text goes to the model: " + body);
        }
    }

    @Test
    void refusesMalformedDiagnosticsNamingWhich() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), new ReplayAnswers())) {
            lsp.open(RunFixture.GREETER);
            Map<String, Object> range = Map.of("start", Map.of("line", 1, "character", 0),
                    "end", Map.of("line", 2, "character", 0));
            String uri = lsp.uri(RunFixture.GREETER);
            assertEquals("agentls.run: 'diagnostics[0].severity' must be 1 to 4 (error, warning, information,"
                    + " hint), got 9", AgentRunCommandsTest.refused(lsp, StartRunCommand.ID,
                    Map.of("prompt", "fix", "uri", uri, "range", range, "diagnostics", List.of(Map.of("range", range,
                            "severity", 9, "message", "x")))).getMessage());
            assertEquals("agentls.run: 'diagnostics[0].message' must be a string", AgentRunCommandsTest.refused(lsp,
                    StartRunCommand.ID, Map.of("prompt", "fix", "uri", uri, "range", range, "diagnostics",
                            List.of(Map.of("range", range)))).getMessage());
            assertEquals("agentls.run: 'diagnostics[0]' must be an object with a 'range'", AgentRunCommandsTest
                    .refused(lsp, StartRunCommand.ID, Map.of("prompt", "fix", "uri", uri, "range", range,
                            "diagnostics", List.of("oops"))).getMessage());
            assertEquals("agentls.run: argument 'diagnostics' needs 'range', the selection they are in",
                    AgentRunCommandsTest.refused(lsp, StartRunCommand.ID, Map.of("prompt", "fix", "uri", uri,
                            "diagnostics", List.of())).getMessage());
            assertEquals("agentls.run: argument 'diagnostics' must be an array of {range, severity, message}",
                    AgentRunCommandsTest.refused(lsp, StartRunCommand.ID, Map.of("prompt", "fix", "uri", uri,
                            "range", range, "diagnostics", "all")).getMessage());
            assertEquals(0, lsp.model.requests().size(), "no run started");
        }
    }
}
