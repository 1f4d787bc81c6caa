package dev.agentls.llm;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One request: the conversation so far, the tools offered (ignored in xml tool mode, where the prompt describes
 * them) and an optional output limit for this call that overrides the configured {@code maxOutputTokens}.
 */
public record ModelRequest(List<ModelMessage> messages, List<ToolSpec> tools, OptionalInt maxOutputTokens) {
    public ModelRequest {
        messages = List.copyOf(messages);
        tools = List.copyOf(tools);
        Objects.requireNonNull(maxOutputTokens, "maxOutputTokens");
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("a request needs at least one message");
        }
        if (maxOutputTokens.isPresent() && maxOutputTokens.getAsInt() < 1) {
            throw new IllegalArgumentException("maxOutputTokens must be positive");
        }
    }

    public static ModelRequest of(List<ModelMessage> messages, List<ToolSpec> tools) {
        return new ModelRequest(messages, tools, OptionalInt.empty());
    }

    /** This request with one more message at the end (used to continue an answer cut by the output limit). */
    public ModelRequest plus(ModelMessage message) {
        List<ModelMessage> more = new java.util.ArrayList<>(messages);
        more.add(message);
        return new ModelRequest(more, tools, maxOutputTokens);
    }
}
