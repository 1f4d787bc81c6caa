package dev.agentls.conversation;

import dev.agentls.llm.ModelMessage;
import java.util.List;

/**
 * The seam between what a conversation holds and what the next request sends: the agent asks for the messages of
 * the next request and puts its system layers before them. {@link #whole()} sends every message as it is; issue 12
 * puts de-duplication (the newest copy of each file once) and pruning to the safe zone behind this interface.
 */
@FunctionalInterface
public interface RequestHistory {

    /** The history part of the next request, oldest first; {@code exclude} holds ids of messages to leave out. */
    List<ModelMessage> messagesForNextRequest(Conversation conversation, java.util.Set<String> exclude);

    /** Every message, in order, except the excluded ones. */
    static RequestHistory whole() {
        return (conversation, exclude) -> conversation.messages().stream()
                .filter(m -> !exclude.contains(m.id()))
                .map(ConversationMessage::message)
                .toList();
    }
}
