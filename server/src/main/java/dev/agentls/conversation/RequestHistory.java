package dev.agentls.conversation;

import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelRequest;
import dev.agentls.llm.TokenUsage;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The seam between what a conversation holds and what the next request sends: the agent asks for the history part of
 * the next request and puts its system layers before it. {@link #whole()} sends every message as it is; issue 12 puts
 * de-duplication (the newest copy of each file once) and pruning to the safe zone behind this interface, reporting
 * each pruning so the agent can emit {@code context_pruned}.
 */
@FunctionalInterface
public interface RequestHistory {

    /** One pruning done for this request: what was dropped, in words, and the tokens it saved. */
    record Pruned(String dropped, long tokensSaved) {
        public Pruned {
            Objects.requireNonNull(dropped, "dropped");
        }
    }

    /** The history of the next request, oldest first, and the prunings made to fit it. */
    record Next(List<ModelMessage> messages, List<Pruned> pruned) {
        public Next {
            messages = List.copyOf(messages);
            pruned = List.copyOf(pruned);
        }
    }

    /** The history part of the next request; {@code exclude} holds ids of messages to leave out (loop recovery). */
    Next next(Conversation conversation, Set<String> exclude);

    /**
     * Prunes by hand ({@code agentls.compact}) and returns what the next request would send, with the prunings made.
     * A history that never prunes prunes nothing.
     */
    default Next compact(Conversation conversation) {
        return next(conversation, Set.of());
    }

    /**
     * Hears the provider's usage for a request built on this history ({@code sent}, as it went out), so a history that
     * counts tokens by estimate can correct its count. A history that counts nothing ignores it.
     */
    default void observe(ModelRequest sent, TokenUsage reported) {
    }

    /** Every message, in order, except the excluded ones; nothing pruned. */
    static RequestHistory whole() {
        return (conversation, exclude) -> new Next(conversation.messages().stream()
                .filter(m -> !exclude.contains(m.id()))
                .map(ConversationMessage::message)
                .toList(), List.of());
    }
}
