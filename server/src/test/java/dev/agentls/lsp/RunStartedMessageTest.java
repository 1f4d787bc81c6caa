package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The "started" milestone is shown as soon as the run is accepted (issue 13: from the command to the first
 * {@code window/showMessage} in at most 50 ms), not when {@code run_started} comes: that waits for the model's first
 * answer when the answer decides the mode. The model here holds its answer for seconds, so "started" shown while no
 * {@code run_started} has come can only be the acceptance's. Shown once per run, and never for a refused run.
 */
@Tag("slow")
class RunStartedMessageTest {

    private static final long MODEL_THINKS_MILLIS = 3_000;

    @TempDir
    Path temp;

    private static long count(RunFixture lsp, String text) {
        return lsp.editor.shown.stream().map(MessageParams::getMessage).filter(m -> m.contains(text)).count();
    }

    @Test
    void startedIsShownWhenTheRunIsAcceptedWhileTheModelIsStillThinking() throws Exception {
        ReplayAnswers answers = new ReplayAnswers().complete("Nothing to do.").heldFor(MODEL_THINKS_MILLIS);
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07().declaring(true, false), answers)) {
            JsonObject started = lsp.answer("agentls.run", Map.of("prompt", "Say what you would do\nand why"));
            assertEquals("1", started.get("runId").getAsString());

            lsp.editor.awaitShown(text -> text.equals("AgentLS #1 started: Say what you would do"));
            assertEquals(List.of(), lsp.editor.events, "run_started came before the model answered");

            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            assertEquals("run_started", lsp.editor.events.get(0).get("type").getAsString());
            assertEquals(1, count(lsp, "AgentLS #1 started"), lsp.editor.shown.toString());
        }
    }

    @Test
    void theInstructionLinesActionShowsStartedOnceAsItsRunIsAccepted() throws Exception {
        ReplayAnswers answers = new ReplayAnswers().complete("Nothing to do.").heldFor(MODEL_THINKS_MILLIS);
        try (RunFixture lsp = new RunFixture(temp, RealClient.eglot19(), answers)) {
            Path file = lsp.root.resolve(RunFixture.GREETER);
            Files.writeString(file, Files.readString(file).replace("    public String greet(String name) {",
                    InstructionLineRunTest.INSTRUCTION + "\n    public String greet(String name) {"));
            String text = lsp.open(RunFixture.GREETER);
            int line = text.lines().toList().indexOf(InstructionLineRunTest.INSTRUCTION);
            CodeActionParams params = new CodeActionParams(new TextDocumentIdentifier(lsp.uri(RunFixture.GREETER)),
                    new Range(new Position(line, 10), new Position(line, 11)), new CodeActionContext(List.of()));
            CodeAction run = LspFixture.await(lsp.server.getTextDocumentService().codeAction(params)).stream()
                    .map(Either::getRight).filter(action -> action.getTitle().equals("AgentLS: run")).findFirst()
                    .orElseThrow();

            LspFixture.await(lsp.server.getWorkspaceService().executeCommand(new ExecuteCommandParams(
                    run.getCommand().getCommand(), run.getCommand().getArguments())));
            lsp.editor.awaitShown(message -> message.equals("AgentLS #1 started: strip names before greeting"));
            lsp.editor.awaitShown(message -> message.contains("AgentLS #1 finished (completed)"));
            lsp.awaitBuffer(RunFixture.GREETER, buffer -> buffer.contains("@agent-done #1"));
            assertEquals(1, count(lsp, "AgentLS #1 started"), lsp.editor.shown.toString());
        }
    }

    @Test
    void aRefusedRunShowsNoStartedMessage() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), new ReplayAnswers().complete("Done."))) {
            ExecutionException refused = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    () -> lsp.execute("agentls.run", Map.of("prompt", "go on", "conversationId", "nope"))
                            .get(LspFixture.TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS));
            ResponseErrorException error = (ResponseErrorException) refused.getCause();
            assertTrue(error.getMessage().contains("no conversation with id 'nope'"), error.getMessage());

            JsonObject next = lsp.answer("agentls.run", Map.of("prompt", "go"));
            lsp.editor.awaitShown(message -> message.contains("AgentLS #" + next.get("runId").getAsString()
                    + " finished"));
            List<String> shown = lsp.editor.shown.stream().map(MessageParams::getMessage).toList();
            assertEquals(1, shown.stream().filter(m -> m.contains(" started: ")).count(), shown.toString());
            assertTrue(shown.stream().noneMatch(m -> m.contains("go on")), shown.toString());
        }
    }
}
