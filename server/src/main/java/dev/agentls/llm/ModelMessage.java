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
     * An earlier answer as the content blocks it streamed, in their order: text, thinking (with Anthropic's
     * signature), redacted thinking and tool calls. The order is kept because Anthropic checks it: with interleaved
     * thinking, each thinking block must go back exactly where it came, between the text and tool calls around it.
     */
    record Assistant(List<Block> blocks) implements ModelMessage {
        public Assistant {
            blocks = List.copyOf(blocks);
        }

        /** An answer that is only text (none at all when {@code text} is empty). */
        public static Assistant text(String text) {
            return new Assistant(text.isEmpty() ? List.of() : List.of(new Text(text)));
        }

        /** An answer made of {@code blocks}, in this order. */
        public static Assistant of(Block... blocks) {
            return new Assistant(List.of(blocks));
        }

        /** The visible text: every text block, in order, joined without separator. */
        public String text() {
            StringBuilder text = new StringBuilder();
            for (Block block : blocks) {
                if (block instanceof Text t) {
                    text.append(t.text());
                }
            }
            return text.toString();
        }

        /** The tool calls, in order. */
        public List<ToolCall> toolCalls() {
            return blocks.stream().filter(ToolCall.class::isInstance).map(ToolCall.class::cast).toList();
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

    /** One content block of an earlier answer, kept so it can be sent back as it came. */
    sealed interface Block permits Text, Thinking, RedactedThinking, ToolCall {
    }

    /** Visible answer text. */
    record Text(String text) implements Block {
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * Thinking text and the signature Anthropic attached to it; empty where the provider gives none (reasoning of
     * OpenAI-compatible servers), and then it is never sent back.
     */
    record Thinking(String text, String signature) implements Block {
        public Thinking {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(signature, "signature");
        }
    }

    /** Anthropic's encrypted thinking: opaque data, sent back byte for byte. Shown by its length only. */
    record RedactedThinking(String data) implements Block {
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
