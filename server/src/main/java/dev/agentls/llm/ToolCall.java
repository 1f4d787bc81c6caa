package dev.agentls.llm;

import java.util.Objects;

/**
 * A tool call as the model made it: the provider's id, the tool's name and its arguments as JSON text; in an earlier
 * answer, one of its content blocks.
 */
public record ToolCall(String id, String name, String argumentsJson) implements ModelMessage.Block {
    public ToolCall {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(argumentsJson, "argumentsJson");
    }
}
