package dev.agentls.lsp;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.concurrent.CompletableFuture;

/** {@code agentls.conversations} {}: the conversations this session's runs can continue, {@code {conversations: [ids]}}. */
final class ConversationsCommand implements CommandHandler {

    static final String ID = "agentls.conversations";

    private final EditorRuns runs;

    ConversationsCommand(EditorRuns runs) {
        this.runs = runs;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        // The first listing of a session may build its conversation store: off the reader thread.
        return runs.offTheReader(runs::conversationIds).thenApply(found -> {
            JsonArray ids = new JsonArray();
            found.forEach(ids::add);
            JsonObject answer = new JsonObject();
            answer.add("conversations", ids);
            return answer;
        });
    }
}
