package dev.agentls.conversation;

import java.util.List;
import java.util.Optional;

/**
 * Where conversations live. {@link InMemoryConversations} keeps them for the life of the process; issue 12 adds one
 * persisted under {@code .agentls/conversations/}.
 */
public interface Conversations {

    /** A new, empty conversation with a fresh id. */
    Conversation create();

    /** The conversation with this id, if there is one. */
    Optional<Conversation> find(String id);

    /** Ids of every conversation, oldest first. */
    List<String> ids();

    /** The runs under way on this store's conversations: one per conversation, whichever agent started it. */
    ConversationClaims claims();
}
