package dev.agentls.llm;

import java.util.List;
import java.util.Objects;

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
     * An earlier answer: the reasoning blocks it streamed, in their order (Anthropic's signed thinking and encrypted
     * redacted thinking, which must go back unchanged when a tool result follows), its text and its tool calls.
     */
    record Assistant(String text, List<Reasoning> reasoning, List<ToolCall> toolCalls) implements ModelMessage {
        public Assistant {
            Objects.requireNonNull(text, "text");
            reasoning = List.copyOf(reasoning);
            toolCalls = List.copyOf(toolCalls);
        }

        public static Assistant text(String text) {
            return new Assistant(text, List.of(), List.of());
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

    /** One reasoning block of an earlier answer, kept so it can be sent back as it came. */
    sealed interface Reasoning {
    }

    /**
     * Thinking text and the signature Anthropic attached to it; empty where the provider gives none (reasoning of
     * OpenAI-compatible servers), and then it is never sent back.
     */
    record Thinking(String text, String signature) implements Reasoning {
        public Thinking {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(signature, "signature");
        }
    }

    /** Anthropic's encrypted thinking: opaque data, sent back byte for byte. Shown by its length only. */
    record RedactedThinking(String data) implements Reasoning {
        public RedactedThinking {
            Objects.requireNonNull(data, "data");
            if (data.isEmpty()) {
                throw new IllegalArgumentException("redacted thinking needs its data");
            }
        }

        @Override
        public String toString() {
            return "RedactedThinking[" + data.length() + " characters of data]";
        }
    }
}
