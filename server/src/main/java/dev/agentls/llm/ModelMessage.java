package dev.agentls.llm;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** One message of a conversation as the model sees it, provider-neutral; each client maps it to its wire form. */
public sealed interface ModelMessage {

    /** Instructions; Anthropic takes them apart from the messages, OpenAI as the first message. */
    record System(String text) implements ModelMessage {
        public System {
            Objects.requireNonNull(text, "text");
        }
    }

    record User(String text) implements ModelMessage {
        public User {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * An earlier answer: its text, the thinking it streamed (with Anthropic's signature, which must go back with it)
     * and the tool calls it made, in that order.
     */
    record Assistant(String text, Optional<Thinking> thinking, List<ToolCall> toolCalls) implements ModelMessage {
        public Assistant {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(thinking, "thinking");
            toolCalls = List.copyOf(toolCalls);
        }

        public static Assistant text(String text) {
            return new Assistant(text, Optional.empty(), List.of());
        }
    }

    /** The result of the tool call {@code callId}; {@code error} marks a failed call so the model can react. */
    record ToolResult(String callId, String toolName, String content, boolean error) implements ModelMessage {
        public ToolResult {
            Objects.requireNonNull(callId, "callId");
            Objects.requireNonNull(toolName, "toolName");
            Objects.requireNonNull(content, "content");
        }
    }

    /** Thinking text and the signature Anthropic attached to it (empty where the provider gives none). */
    record Thinking(String text, String signature) {
        public Thinking {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(signature, "signature");
        }
    }
}
