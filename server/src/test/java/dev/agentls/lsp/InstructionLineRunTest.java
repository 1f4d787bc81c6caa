package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
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
 * {@code @agent} lines: a Hint diagnostic, the three code actions with their context in {@code command.arguments},
 * a run started by executing one as the editor would, the line marked {@code @agent-done} when it ends, and a run
 * waiting for approval shown on its line with Approve / Deny code actions.
 */
@Tag("slow")
class InstructionLineRunTest {

    static final String INSTRUCTION = "    // @agent strip names before greeting";

    @TempDir
    Path temp;

    private static String withInstruction(String text) {
        return text.replace("    public String greet(String name) {", INSTRUCTION + "\n    public String greet(String name) {");
    }

    private static int lineOf(String text, String content) {
        return text.lines().toList().indexOf(content);
    }

    private static List<CodeAction> actions(RunFixture lsp, int line) throws Exception {
        CodeActionParams params = new CodeActionParams(new TextDocumentIdentifier(lsp.uri(RunFixture.GREETER)),
                new Range(new Position(line, 10), new Position(line, 11)), new CodeActionContext(List.of()));
        return LspFixture.await(lsp.server.getTextDocumentService().codeAction(params)).stream()
                .map(Either::getRight).toList();
    }

    /** Runs the action's command exactly as the editor got it, arguments passed back as they came. */
    private static JsonObject execute(RunFixture lsp, CodeAction action) throws Exception {
        Command command = action.getCommand();
        return LspFixture.json(LspFixture.await(lsp.server.getWorkspaceService().executeCommand(
                new ExecuteCommandParams(command.getCommand(), command.getArguments()))));
    }

    private static void awaitDiagnostics(RunFixture lsp, java.util.function.Predicate<List<Diagnostic>> shown)
            throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (shown.test(lsp.editor.diagnostics.getOrDefault(lsp.uri(RunFixture.GREETER), List.of()))) {
                return;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("diagnostics were " + lsp.editor.diagnostics);
    }

    @Test
    void anInstructionLineGetsAHintAndThreeActionsAndBecomesDoneWhenTheRunEnds() throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", AgentRunCommandsTest.FIX)
                .complete("Names are stripped.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers, () -> { })) {
            Path file = lsp.root.resolve(RunFixture.GREETER);
            Files.writeString(file, withInstruction(Files.readString(file)));
            String text = lsp.open(RunFixture.GREETER);
            int line = lineOf(text, INSTRUCTION);

            awaitDiagnostics(lsp, list -> !list.isEmpty());
            Diagnostic hint = lsp.editor.diagnostics.get(lsp.uri(RunFixture.GREETER)).get(0);
            assertEquals(DiagnosticSeverity.Hint, hint.getSeverity());
            assertEquals(new Range(new Position(line, 7), new Position(line, INSTRUCTION.length())), hint.getRange());
            assertEquals("agentls", hint.getSource());

            List<CodeAction> actions = actions(lsp, line);
            assertEquals(List.of("AgentLS: run", "AgentLS: plan first", "AgentLS: ask (read-only)"),
                    actions.stream().map(CodeAction::getTitle).toList());
            JsonObject context = new Gson().toJsonTree(actions.get(0).getCommand().getArguments().get(0))
                    .getAsJsonObject();
            assertEquals("strip names before greeting", context.get("prompt").getAsString());
            assertEquals("direct", context.get("mode").getAsString());
            assertEquals(lsp.uri(RunFixture.GREETER), context.get("uri").getAsString());
            assertEquals(line, context.get("instructionLine").getAsInt());
            assertEquals("plan", new Gson().toJsonTree(actions.get(1).getCommand().getArguments().get(0))
                    .getAsJsonObject().get("mode").getAsString());
            actions.forEach(action -> assertNull(action.getData(), "context never only in data"));

            JsonObject started = execute(lsp, actions.get(0));
            assertEquals("1", started.get("runId").getAsString());
            String done = lsp.awaitBuffer(RunFixture.GREETER,
                    buffer -> buffer.contains("@agent-done #1 Names are stripped."));
            assertTrue(done.contains("    // @agent-done #1 Names are stripped.\n"), done);
            assertTrue(done.contains("name.strip()"), done);
            String body = lsp.model.requests().get(0).body();
            assertTrue(body.contains("strip names before greeting"), body);
            // The Hint goes with the instruction; what the run changed stays for review, on its own line.
            awaitDiagnostics(lsp, list -> list.stream().noneMatch(d -> d.getSeverity() == DiagnosticSeverity.Hint)
                    && list.stream().anyMatch(d -> d.getSeverity() == DiagnosticSeverity.Information));
            assertEquals(List.of(), actions(lsp, line), "a done line offers nothing");
        }
    }

    @Test
    void aRunWaitingForApprovalIsShownOnItsLineWithApproveAndDenyActionsInHelix() throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("execute_command", "command", "echo one", "requires_approval", true).complete("Echoed.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers, () -> { })) {
            Path file = lsp.root.resolve(RunFixture.GREETER);
            Files.writeString(file, withInstruction(Files.readString(file)));
            String text = lsp.open(RunFixture.GREETER);
            int line = lineOf(text, INSTRUCTION);
            execute(lsp, actions(lsp, line).get(0));

            awaitDiagnostics(lsp, list -> list.stream().anyMatch(d -> d.getSeverity() == DiagnosticSeverity.Warning));
            Diagnostic waiting = lsp.editor.diagnostics.get(lsp.uri(RunFixture.GREETER)).stream()
                    .filter(d -> d.getSeverity() == DiagnosticSeverity.Warning).findFirst().orElseThrow();
            assertEquals("AgentLS #1 waits for your approval to run `echo one`: Approve or Deny with a code action"
                    + " here", waiting.getMessage().getLeft());
            assertEquals(line, waiting.getRange().getStart().getLine());
            List<CodeAction> actions = actions(lsp, line);
            assertEquals(List.of("AgentLS #1: Approve `echo one`", "AgentLS #1: Deny", "AgentLS: run",
                    "AgentLS: plan first", "AgentLS: ask (read-only)"),
                    actions.stream().map(CodeAction::getTitle).toList());

            JsonObject approved = execute(lsp, actions.get(0));
            assertTrue(approved.get("answered").getAsBoolean());
            lsp.editor.awaitShown(message -> message.contains("AgentLS #1 finished (completed)"));
            awaitDiagnostics(lsp, list -> list.stream().noneMatch(d -> d.getSeverity() == DiagnosticSeverity.Warning));
            lsp.awaitBuffer(RunFixture.GREETER, buffer -> buffer.contains("@agent-done #1 Echoed."));
        }
    }

    @Test
    void withDoneInstructionRemoveTheFinishedLineIsRemovedInsteadOfMarked() throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", AgentRunCommandsTest.FIX)
                .complete("Names are stripped.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers, () -> { },
                ", \"editor\": {\"doneInstruction\": \"remove\"}")) {
            Path file = lsp.root.resolve(RunFixture.GREETER);
            String original = Files.readString(file);
            Files.writeString(file, withInstruction(original));
            String text = lsp.open(RunFixture.GREETER);
            execute(lsp, actions(lsp, lineOf(text, INSTRUCTION)).get(0));

            String done = lsp.awaitBuffer(RunFixture.GREETER, buffer -> !buffer.contains("@agent"));
            assertEquals(original.replace("name + \"!\"", "name.strip() + \"!\""), done);
        }
    }

    @Test
    void aRefusedDoneInstructionSettingIsShownNamingItsKeyAndTheLineIsStillMarked() throws Exception {
        ReplayAnswers answers = new ReplayAnswers().complete("Nothing to do.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers, () -> { },
                ", \"editor\": {\"doneInstruction\": \"delete\"}")) {
            // The whole section is refused (so the run has no model either), naming the key and its accepted form.
            lsp.editor.awaitShown(message -> message.contains("agentls.editor.doneInstruction")
                    && message.contains("\"mark\" or \"remove\""));
            Path file = lsp.root.resolve(RunFixture.GREETER);
            Files.writeString(file, withInstruction(Files.readString(file)));
            String text = lsp.open(RunFixture.GREETER);
            execute(lsp, actions(lsp, lineOf(text, INSTRUCTION)).get(0));
            lsp.awaitBuffer(RunFixture.GREETER, buffer -> buffer.contains("// @agent-done #1 "));
        }
    }
}
