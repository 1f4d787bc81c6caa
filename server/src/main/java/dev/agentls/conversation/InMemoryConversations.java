package dev.agentls.conversation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** Conversations held in memory for the life of the process; ids from the given supplier (random UUIDs). */
public final class InMemoryConversations implements Conversations {

    private final Map<String, Conversation> byId = new LinkedHashMap<>();
    private final Supplier<String> ids;
    private final ConversationClaims claims = new ConversationClaims();

    public InMemoryConversations() {
        this(RandomIds::uuid);
    }

    public InMemoryConversations(Supplier<String> ids) {
        this.ids = ids;
    }

    @Override
    public synchronized Conversation create() {
        String id = ids.get();
        if (byId.containsKey(id)) {
            throw new IllegalStateException("conversation id " + id + " is taken");
        }
        Conversation conversation = new Conversation(id);
        byId.put(id, conversation);
        return conversation;
    }

    @Override
    public synchronized Optional<Conversation> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    @Override
    public synchronized List<String> ids() {
        return new ArrayList<>(byId.keySet());
    }

    @Override
    public ConversationClaims claims() {
        return claims;
    }
}
