package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls.run} through a real LSP4J client over pipes: a conversation takes one run at a time, even though
 * every run from the editor is made on an agent of its own settings.
 */
@Tag("slow")
class OneRunPerConversationTest {

    @TempDir
    Path temp;

    @Test
    void refusesASecondRunOnABusyConversationNamingTheRunUnderWay() throws Exception {
        ReplayAnswers answers = new ReplayAnswers().complete("First.")
                .call("ask_followup_question", "question", "Which greeting?").complete("Done.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers)) {
            String conversation = lsp.answer("agentls.run", Map.of("prompt", "Start"))
                    .get("conversationId").getAsString();
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            lsp.answer("agentls.run", Map.of("prompt", "Greet", "conversationId", conversation));
            lsp.editor.awaitShown(text -> text.contains("asks: Which greeting?"));
            Path file = lsp.root.resolve(".agentls/conversations/" + conversation + ".json");
            String before = Files.readString(file);

            ResponseErrorException refused;
            try {
                Object answer = LspFixture.await(lsp.execute("agentls.run",
                        Map.of("prompt", "Interleave", "conversationId", conversation)));
                throw new AssertionError("the second run was not refused: " + answer);
            } catch (ExecutionException e) {
                refused = (ResponseErrorException) e.getCause();
            }

            assertEquals(ResponseErrorCode.RequestFailed.getValue(), refused.getResponseError().getCode());
            assertTrue(refused.getMessage().startsWith("agentls.run: conversation '" + conversation
                    + "' has a run under way (2)"), refused.getMessage());
            assertTrue(refused.getMessage().contains("cancel it or wait for its end"), refused.getMessage());
            assertEquals(before, Files.readString(file), "the refused run wrote nothing to the conversation");
            assertFalse(before.contains("Interleave"), before);

            lsp.answer("agentls.answer", Map.of("runId", "2", "answer", "Howdy"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #2 finished (completed)"));
            assertEquals(3, lsp.model.requests().size(), "the refused run sent the model nothing");
        }
    }
}
