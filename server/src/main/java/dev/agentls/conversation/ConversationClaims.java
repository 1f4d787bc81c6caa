package dev.agentls.conversation;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which conversations of one store have a run (or a compaction) under way: one at a time appends to a conversation.
 * The store owns it, so every agent made over the store shares it, however many a workspace makes.
 */
public final class ConversationClaims {

    private final Map<String, String> holders = new ConcurrentHashMap<>();

    /** Claims the conversation for {@code holder} (a run id); the holder already under way when it is busy. */
    public Optional<String> claim(String conversationId, String holder) {
        return Optional.ofNullable(holders.putIfAbsent(conversationId, holder));
    }

    /** Ends {@code holder}'s claim; another holder's claim stays. */
    public void release(String conversationId, String holder) {
        holders.remove(conversationId, holder);
    }

    /** The holder under way on the conversation, if any. */
    public Optional<String> holder(String conversationId) {
        return Optional.ofNullable(holders.get(conversationId));
    }
}
