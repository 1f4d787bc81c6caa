package dev.agentls.conversation;

import dev.agentls.llm.ModelMessage;
import java.util.Objects;

/** One message of a conversation with its id ({@code m1}, {@code m2}... in order) and the run that added it. */
public record ConversationMessage(String id, String runId, ModelMessage message) {
    public ConversationMessage {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(message, "message");
    }
}
