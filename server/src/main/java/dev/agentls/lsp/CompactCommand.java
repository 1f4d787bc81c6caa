package dev.agentls.lsp;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.agentls.agent.AgentEvent;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * {@code agentls.compact} {conversationId}: prunes the conversation by hand, as its next request will be built
 * (older file copies collapsed, the oldest tool results cleared, then the oldest turns, down to three quarters of its
 * size; never the last six messages, the newest request or the plan), and answers
 * {@code {conversationId, runId, pruned: [{dropped, tokensSaved}], tokensSaved}}; its events ({@code context_pruned}
 * among them) go to clients that declared them. An unknown or malformed id is InvalidParams naming the known ones; a
 * conversation with a run under way, an unreadable conversation file or a session without agent is RequestFailed.
 * Nothing is changed by a refusal.
 */
final class CompactCommand implements CommandHandler {

    static final String ID = "agentls.compact";

    private final EditorRuns runs;

    CompactCommand(EditorRuns runs) {
        this.runs = runs;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String conversationId = arguments.requireString("conversationId");
        // Reads and rewrites the conversation's file, and may build the session's agent: off the reader thread.
        return runs.offTheReader(() -> runs.compact(conversationId)).<Object>handle((events, error) -> {
            Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause()
                    : error;
            if (cause instanceof IllegalArgumentException) {
                throw CommandFailure.invalidParams(ID + ": " + cause.getMessage());
            }
            if (cause != null) {
                // a run under way on it, no agent, or an unreadable conversation file (its name and reason; the file
                // left as it is)
                throw CommandFailure.requestFailed(ID + ": " + cause.getMessage());
            }
            return answer(conversationId, events);
        });
    }

    private static JsonObject answer(String conversationId, List<AgentEvent> events) {
        JsonArray pruned = new JsonArray();
        long saved = 0;
        String runId = "";
        for (AgentEvent event : events) {
            runId = event.runId();
            if (event instanceof AgentEvent.ContextPruned p) {
                JsonObject one = new JsonObject();
                one.addProperty("dropped", p.dropped());
                one.addProperty("tokensSaved", p.tokensSaved());
                pruned.add(one);
                saved += p.tokensSaved();
            }
        }
        JsonObject answer = new JsonObject();
        answer.addProperty("conversationId", conversationId);
        answer.addProperty("runId", runId);
        answer.add("pruned", pruned);
        answer.addProperty("tokensSaved", saved);
        return answer;
    }
}
