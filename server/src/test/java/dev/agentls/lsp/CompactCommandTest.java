package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls.compact} through a real LSP4J client over pipes, on a real server with its agent and a scripted
 * model on loopback: a conversation pruned by hand, its events, what the next request sends, and bad input.
 */
@Tag("slow")
class CompactCommandTest {

    @TempDir
    Path temp;

    /** A run that reads four files, so the oldest result can be cleared by hand, then a second run's answer. */
    private static ReplayAnswers readsFourFilesThenAnswers() {
        return new ReplayAnswers()
                .call("read_file", "target_file", RunFixture.GREETER)
                .call("read_file", "target_file", "src/main/java/demo/Main.java")
                .call("read_file", "target_file", "scripts/stats.py")
                .call("read_file", "target_file", "scripts/test_stats.py")
                .complete("Read them.")
                .complete("Second.");
    }

    @Test
    void compactingAFinishedConversationAnswersWhatWasDroppedEmitsContextPrunedAndShapesTheNextRequest()
            throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07().declaring(true, false),
                readsFourFilesThenAnswers())) {
            String conversation = lsp.answer("agentls.run", Map.of("prompt", "Read the sources"))
                    .get("conversationId").getAsString();
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            lsp.editor.awaitEvent(e -> e.get("type").getAsString().equals("run_finished")
                    && e.get("runId").getAsString().equals("1"));
            int runEvents = lsp.editor.events.size();

            JsonObject compacted = lsp.answer("agentls.compact", Map.of("conversationId", conversation));

            assertEquals(conversation, compacted.get("conversationId").getAsString());
            assertEquals("compact-1", compacted.get("runId").getAsString());
            JsonObject first = compacted.getAsJsonArray("pruned").get(0).getAsJsonObject();
            assertTrue(first.get("dropped").getAsString().startsWith("cleared the "), compacted.toString());
            assertTrue(first.get("dropped").getAsString().contains("their calls stay, each with a summary line"),
                    compacted.toString());
            long saved = compacted.get("tokensSaved").getAsLong();
            assertTrue(saved > 50, compacted.toString());

            // down to three quarters of its size: the two oldest results cleared, then the oldest turn dropped
            int prunings = compacted.getAsJsonArray("pruned").size();
            List<JsonObject> events = lsp.editor.events.subList(runEvents, lsp.editor.events.size());
            List<String> types = events.stream().map(e -> e.get("type").getAsString()).toList();
            assertEquals("run_started", types.get(0), types.toString());
            assertEquals(java.util.Collections.nCopies(prunings, "context_pruned"), types.subList(1, 1 + prunings));
            assertEquals(List.of("run_finished"), types.subList(1 + prunings, types.size()));
            assertEquals("ask", events.get(0).get("mode").getAsString());
            for (int i = 0; i < prunings; i++) {
                JsonObject answered = compacted.getAsJsonArray("pruned").get(i).getAsJsonObject();
                assertEquals(answered.get("dropped").getAsString(), events.get(1 + i).get("dropped").getAsString());
                assertEquals(answered.get("tokensSaved").getAsLong(), events.get(1 + i).get("tokensSaved")
                        .getAsLong());
            }
            assertEquals("conversation " + conversation + " compacted by hand: " + prunings + " prunings, " + saved
                    + " tokens saved", events.get(events.size() - 1).get("text").getAsString());
            for (int i = 0; i < events.size(); i++) {
                assertEquals("compact-1", events.get(i).get("runId").getAsString());
                assertEquals(i, events.get(i).get("seq").getAsInt());
            }
            String file = Files.readString(lsp.root.resolve(".agentls/conversations/" + conversation + ".json"));

            lsp.answer("agentls.run", Map.of("prompt", "And now?", "conversationId", conversation, "mode", "ask"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #2 finished (completed)"));
            String next = lsp.model.requests().get(5).body();
            // The two oldest results do not come back whole: cleared, or dropped with their turn when the next run's
            // system prompt is larger (the repo map, when it was not ready for the first run, is in it now).
            assertTrue(next.contains("read_file result cleared to fit the context")
                    || next.contains("earlier messages were dropped here to fit the context"), next);
            assertFalse(next.contains("this.greeting = greeting;"), "the oldest result is not sent whole: " + next);
            assertFalse(next.contains("System.out.println(line);"), "nor the second oldest: " + next);
            assertTrue(next.contains("def "), "the newest results stay whole: " + next);
            assertTrue(file.contains("cleared"), "the decision is persisted with the conversation: " + file);
        }
    }

    @Test
    void aConversationWithARunUnderWayIsRefusedNamingTheRunAndLeftAsItIs() throws Exception {
        ReplayAnswers answers = new ReplayAnswers().call("ask_followup_question", "question", "Which greeting?")
                .complete("Done.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers)) {
            String conversation = lsp.answer("agentls.run", Map.of("prompt", "Greet"))
                    .get("conversationId").getAsString();
            lsp.editor.awaitShown(text -> text.contains("asks: Which greeting?"));
            Path file = lsp.root.resolve(".agentls/conversations/" + conversation + ".json");
            String before = Files.readString(file);

            ResponseErrorException refused = refused(lsp, "agentls.compact",
                    Map.of("conversationId", conversation));
            assertEquals(ResponseErrorCode.RequestFailed.getValue(), refused.getResponseError().getCode());
            assertEquals("agentls.compact: conversation '" + conversation + "' has run #1 under way; cancel it"
                    + " (agentls.cancel) or wait for its end", refused.getMessage());
            assertEquals(before, Files.readString(file));

            lsp.answer("agentls.answer", Map.of("runId", "1", "answer", "Howdy"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            JsonObject compacted = lsp.answer("agentls.compact", Map.of("conversationId", conversation));
            assertEquals(0, compacted.getAsJsonArray("pruned").size(), "a short conversation has nothing to prune");
            assertEquals(0, compacted.get("tokensSaved").getAsLong());
        }
    }

    @Test
    void malformedArgumentsUnknownIdsAndCorruptFilesAreRefusedWithTheirFacts() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07().declaring(true, false), new ReplayAnswers(),
                () -> {
                    Path folder = Files.createDirectories(temp.resolve("demo/.agentls/conversations"));
                    Files.writeString(folder.resolve("broken.json"), "{\"version\": 1, \"messages\": [");
                })) {
            assertRefused(lsp, Map.of(), ResponseErrorCode.InvalidParams,
                    "agentls.compact: missing argument 'conversationId' (a string)");
            assertRefused(lsp, Map.of("conversationId", 42), ResponseErrorCode.InvalidParams,
                    "agentls.compact: argument 'conversationId' must be a string, got a number");
            ResponseErrorException unknown = refused(lsp, "agentls.compact",
                    Map.of("conversationId", "nope"));
            assertEquals(ResponseErrorCode.InvalidParams.getValue(), unknown.getResponseError().getCode());
            assertEquals("agentls.compact: no conversation with id 'nope'; known: [broken]", unknown.getMessage());
            ResponseErrorException hostile = refused(lsp, "agentls.compact",
                    Map.of("conversationId", "../../etc/passwd"));
            assertEquals(ResponseErrorCode.InvalidParams.getValue(), hostile.getResponseError().getCode());
            assertTrue(hostile.getMessage().startsWith("agentls.compact: ") && hostile.getMessage()
                    .contains("../../etc/passwd"), hostile.getMessage());

            Path broken = lsp.root.resolve(".agentls/conversations/broken.json");
            ResponseErrorException corrupt = refused(lsp, "agentls.compact",
                    Map.of("conversationId", "broken"));
            assertEquals(ResponseErrorCode.RequestFailed.getValue(), corrupt.getResponseError().getCode());
            assertTrue(corrupt.getMessage().startsWith("agentls.compact: conversation file " + broken.toRealPath()),
                    corrupt.getMessage());
            assertTrue(corrupt.getMessage().endsWith("(left untouched)"), corrupt.getMessage());
            assertEquals("{\"version\": 1, \"messages\": [", Files.readString(broken));
            assertEquals(List.of(), lsp.editor.events, "a refusal sends no event");
            assertEquals(List.of(), lsp.model.requests());
        }
    }

    @Test
    void compactIsAdvertised() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.ale(), new ReplayAnswers())) {
            assertTrue(lsp.initialized.getCapabilities().getExecuteCommandProvider().getCommands()
                    .contains("agentls.compact"));
        }
    }

    private static ResponseErrorException refused(RunFixture lsp, String command, Map<String, ?> arguments)
            throws Exception {
        try {
            Object answer = LspFixture.await(lsp.execute(command, arguments));
            throw new AssertionError(command + " was not refused: " + answer);
        } catch (java.util.concurrent.ExecutionException e) {
            return (ResponseErrorException) e.getCause();
        }
    }

    private static void assertRefused(RunFixture lsp, Map<String, ?> arguments, ResponseErrorCode code,
                                      String message) throws Exception {
        ResponseErrorException refused = refused(lsp, "agentls.compact", arguments);
        assertEquals(code.getValue(), refused.getResponseError().getCode(), refused.getMessage());
        assertEquals(message, refused.getMessage());
    }
}
