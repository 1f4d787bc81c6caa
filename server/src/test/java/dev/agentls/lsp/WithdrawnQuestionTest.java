package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A question whose run is cancelled is withdrawn from the editor: the server cancels the open request
 * ({@code $/cancelRequest} with that request's id), says in words which question of which run was withdrawn and why,
 * and an answer the editor sends anyway changes nothing (no command runs, no answer reaches the model, no error).
 * The editor is LSP4J over pipes that keeps its questions open until the test answers them.
 */
@Tag("slow")
class WithdrawnQuestionTest {

    @TempDir
    Path temp;

    private static final String TOUCH = "touch made-by-command";

    @Test
    void cancellingARunSendsCancelRequestForItsApprovalButtonsAndALateClickRunsNothing() throws Exception {
        ReplayAnswers answers = new ReplayAnswers().call("execute_command", "command", TOUCH,
                "requires_approval", true).complete("Touched.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07().declaring(true, false), answers)) {
            lsp.editor.holdQuestions();
            lsp.answer("agentls.run", Map.of("prompt", "touch a file"));
            RunEditor.HeldQuestion<?> buttons = lsp.editor.awaitHeld(0);

            lsp.answer("agentls.cancel", Map.of("runId", "1"));

            buttons.cancelReceived.get(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertCancelRequestFor(lsp, "window/showMessageRequest");
            MessageParams told = lsp.editor.awaitShown(text -> text.contains("withdrew"));
            assertEquals("AgentLS #1 withdrew its request to run `" + TOUCH + "`: the run was cancelled. An answer"
                    + " given now changes nothing", told.getMessage());
            assertEquals(MessageType.Info, told.getType());
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (cancelled)"));

            int eventsBefore = lsp.editor.events.size();
            ((RunEditor.HeldQuestion<MessageActionItem>) buttons).complete(new MessageActionItem(
                    EditorAsking.ALLOW_ONCE));
            // The late answer is read before this command (one connection, read in order): once it is refused, the
            // answer has been handled.
            assertEquals("agentls.approve: run '1' is not waiting for an answer", AgentRunCommandsTest.refused(lsp,
                    "agentls.approve", Map.of("runId", "1")).getMessage());

            assertFalse(Files.exists(lsp.root.resolve("made-by-command")), "the late click ran the command");
            assertEquals(1, lsp.model.requests().size(), "nothing went back to the model");
            assertEquals(eventsBefore, lsp.editor.events.size(), "no event after the run's end");
            assertNoErrorShownOrLogged(lsp);
        }
    }

    @Test
    void cancellingARunSendsCancelRequestForItsAgentlsAskAndALateAnswerReachesNoModel() throws Exception {
        ReplayAnswers answers = new ReplayAnswers().call("ask_followup_question", "question", "Which greeting?")
                .complete("Asked.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix().declaring(true, true), answers)) {
            lsp.editor.holdQuestions();
            lsp.answer("agentls.run", Map.of("prompt", "ask me"));
            RunEditor.HeldQuestion<?> question = lsp.editor.awaitHeld(0);
            assertEquals("Which greeting?", ((JsonObject) question.params).get("question").getAsString());

            lsp.answer("agentls.cancel", Map.of("runId", "1"));

            question.cancelReceived.get(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertCancelRequestFor(lsp, "agentls/ask");
            assertEquals("AgentLS #1 withdrew its question \"Which greeting?\": the run was cancelled. An answer given"
                    + " now changes nothing", lsp.editor.awaitShown(text -> text.contains("withdrew")).getMessage());
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (cancelled)"));

            JsonObject late = new JsonObject();
            late.addProperty("answer", "Howdy");
            ((RunEditor.HeldQuestion<JsonObject>) question).complete(late);
            assertEquals("agentls.answer: run '1' is not waiting for an answer", AgentRunCommandsTest.refused(lsp,
                    "agentls.answer", Map.of("runId", "1", "answer", "Hi")).getMessage());

            assertEquals(1, lsp.model.requests().size(), "the late answer reached no model");
            assertEquals("cancelled", lastEvent(lsp).get("status").getAsString());
            assertNoErrorShownOrLogged(lsp);
        }
    }

    @Test
    void anEditorToldToAnswerByCommandIsToldTheQuestionWasWithdrawnAndTheCommandFindsNothing() throws Exception {
        ReplayAnswers answers = new ReplayAnswers().call("ask_followup_question", "question", "Which greeting?")
                .complete("Asked.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.eglot19(), answers)) {
            lsp.answer("agentls.run", Map.of("prompt", "ask me"));
            lsp.editor.awaitShown(text -> text.contains("asks: Which greeting?"));

            lsp.answer("agentls.cancel", Map.of("runId", "1"));

            lsp.editor.awaitShown(text -> text.equals("AgentLS #1 withdrew its question \"Which greeting?\": the run"
                    + " was cancelled. An answer given now changes nothing"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (cancelled)"));
            assertEquals("agentls.answer: run '1' is not waiting for an answer", AgentRunCommandsTest.refused(lsp,
                    "agentls.answer", Map.of("runId", "1", "answer", "Hi")).getMessage());
            assertEquals(List.of(), cancelRequests(lsp), "no request was open, so none is cancelled");
            assertEquals(1, lsp.model.requests().size());
        }
    }

    @Test
    void aPlanWaitingOnItsLineIsWithdrawnItsWarningAndCodeActionsGoAndApproveFindsNothing() throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("create_plan", "goal", "Strip names", "steps", List.of("Change greet"));
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers)) {
            String before = lsp.open(RunFixture.GREETER);
            lsp.answer(StartRunCommand.ID, Map.of("prompt", "strip names", "mode", "plan", "uri",
                    lsp.uri(RunFixture.GREETER), "range", Map.of("start", Map.of("line", 14, "character", 0),
                            "end", Map.of("line", 14, "character", 10))));
            lsp.editor.awaitShown(message -> message.startsWith("AgentLS #1 waits for your approval of its plan"));
            assertEquals(List.of("AgentLS #1: Approve the plan", "AgentLS #1: Deny"), codeActionsOnLine14(lsp));

            lsp.answer("agentls.cancel", Map.of("runId", "1"));

            lsp.editor.awaitShown(text -> text.equals("AgentLS #1 withdrew its plan's approval question: the run was"
                    + " cancelled. An answer given now changes nothing"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (cancelled)"));
            assertEquals(List.of(), lsp.editor.diagnostics.getOrDefault(lsp.uri(RunFixture.GREETER), List.of())
                    .stream().map(Diagnostic::getMessage).toList(), "the Warning is gone");
            assertEquals(List.of(), codeActionsOnLine14(lsp));
            assertEquals("agentls.approve: run '1' is not waiting for an answer", AgentRunCommandsTest.refused(lsp,
                    "agentls.approve", Map.of("runId", "1")).getMessage());
            assertEquals(before, lsp.editor.model.buffer(lsp.uri(RunFixture.GREETER)).orElseThrow().text());
        }
    }

    private static List<String> codeActionsOnLine14(RunFixture lsp) throws Exception {
        CodeActionParams params = new CodeActionParams(new TextDocumentIdentifier(lsp.uri(RunFixture.GREETER)),
                new Range(new Position(14, 0), new Position(14, 1)), new CodeActionContext(List.of()));
        return LspFixture.await(lsp.server.getTextDocumentService().codeAction(params)).stream()
                .map(action -> action.getRight().getTitle()).filter(title -> title.startsWith("AgentLS #1"))
                .toList();
    }

    /** The server sent exactly one $/cancelRequest, naming the id of its one request of {@code method}. */
    private static void assertCancelRequestFor(RunFixture lsp, String method) throws Exception {
        List<JsonObject> frames = lsp.serverFrames();
        List<JsonObject> asked = frames.stream().filter(f -> f.has("id") && f.has("method")
                && f.get("method").getAsString().equals(method)).toList();
        assertEquals(1, asked.size(), "one " + method + " request: " + asked);
        List<JsonObject> cancels = cancelRequests(lsp);
        assertEquals(1, cancels.size(), cancels.toString());
        assertEquals(asked.get(0).get("id"), cancels.get(0).getAsJsonObject("params").get("id"),
                "the cancel names the request's id");
    }

    private static List<JsonObject> cancelRequests(RunFixture lsp) throws Exception {
        return lsp.serverFrames().stream().filter(f -> f.has("method")
                && f.get("method").getAsString().equals("$/cancelRequest")).toList();
    }

    private static JsonObject lastEvent(RunFixture lsp) {
        return lsp.editor.events.get(lsp.editor.events.size() - 1);
    }

    private static void assertNoErrorShownOrLogged(RunFixture lsp) {
        assertEquals(List.of(), lsp.editor.shown.stream().filter(m -> m.getType() == MessageType.Error)
                .map(MessageParams::getMessage).toList());
        assertFalse(lsp.serverErr().contains("Unmatched response"), lsp.serverErr());
        assertFalse(lsp.serverErr().contains("Exception"), lsp.serverErr());
    }
}
