package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan-mode run's plan approved or denied over plain LSP, in Helix (which answers showMessageRequest with
 * MethodNotFound): the run waits, says so with a message and a Warning diagnostic with Approve / Deny code actions,
 * and {@code agentls.approve} / {@code agentls.deny} answer it.
 */
@Tag("slow")
class PlanApprovalTest {

    @Test
    void aPlanIsApprovedWithAgentlsApproveFromItsCodeActionAndTheRunGoesOnToEdit(@TempDir Path temp)
            throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("create_plan", "goal", "Strip names", "steps", List.of("Change greet"))
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", AgentRunCommandsTest.FIX)
                .complete("Stripped.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers)) {
            lsp.open(RunFixture.GREETER);
            lsp.answer(StartRunCommand.ID, Map.of("prompt", "strip names", "mode", "plan", "uri",
                    lsp.uri(RunFixture.GREETER), "range", Map.of("start", Map.of("line", 14, "character", 0),
                            "end", Map.of("line", 14, "character", 10))));
            lsp.editor.awaitShown(message -> message.startsWith("AgentLS #1 waits for your approval of its plan:"
                    + " Approve this plan? - run the command agentls.approve or agentls.deny with {\"runId\": \"1\"}"));
            assertEquals(MessageType.Warning, lsp.editor.shown.stream().filter(m -> m.getMessage()
                    .startsWith("AgentLS #1 waits for your approval of its plan")).findFirst().orElseThrow().getType());

            CodeActionParams params = new CodeActionParams(new TextDocumentIdentifier(lsp.uri(RunFixture.GREETER)),
                    new Range(new Position(14, 0), new Position(14, 1)), new CodeActionContext(List.of()));
            List<CodeAction> actions = LspFixture.await(lsp.server.getTextDocumentService().codeAction(params))
                    .stream().map(Either::getRight).toList();
            assertEquals(List.of("AgentLS #1: Approve the plan", "AgentLS #1: Deny"),
                    actions.stream().map(CodeAction::getTitle).toList());
            Command approve = actions.get(0).getCommand();
            JsonObject answered = LspFixture.json(LspFixture.await(lsp.server.getWorkspaceService().executeCommand(
                    new ExecuteCommandParams(approve.getCommand(), approve.getArguments()))));

            assertTrue(answered.get("answered").getAsBoolean(), answered.toString());
            lsp.editor.awaitShown(message -> message.contains("AgentLS #1 finished (completed)"));
            lsp.awaitBuffer(RunFixture.GREETER, text -> text.contains("name.strip()"));
        }
    }

    @Test
    void aPlanDeniedWithAgentlsDenyEndsTheRunWithNothingChanged(@TempDir Path temp) throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("create_plan", "goal", "Strip names", "steps", List.of("Change greet"));
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers)) {
            String before = lsp.open(RunFixture.GREETER);
            lsp.answer(StartRunCommand.ID, Map.of("prompt", "strip names", "mode", "plan"));
            lsp.editor.awaitShown(message -> message.startsWith("AgentLS #1 waits for your approval of its plan"));

            JsonObject denied = lsp.answer(RunCommands.DENY, Map.of("runId", "1"));

            assertTrue(denied.get("answered").getAsBoolean(), denied.toString());
            lsp.editor.awaitShown(message -> message.contains("AgentLS #1 finished (failed)")
                    && message.contains("the user rejected the plan"));
            assertEquals(before, lsp.editor.model.buffer(lsp.uri(RunFixture.GREETER)).orElseThrow().text());
        }
    }
}
