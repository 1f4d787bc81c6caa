package dev.agentls.llm.xml;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link XmlToolStreamParser} reads out of a model's text in XML tool mode. Deltas are pieces of a longer
 * text: how the text is split into deltas depends on how the stream was chunked, their concatenation does not.
 * Tool calls are numbered from 0 in the order they open ({@code callIndex}), so a consumer can give them ids.
 */
public sealed interface XmlStreamEvent {

    /** Plain answer text, including any tag that is not a known tool or thinking tag. */
    record TextDelta(String text) implements XmlStreamEvent {
        public TextDelta {
            Objects.requireNonNull(text, "text");
        }
    }

    /** Text inside a {@code <thinking>} (or {@code <think>}) block, tags and all. */
    record ThinkingDelta(String text) implements XmlStreamEvent {
        public ThinkingDelta {
            Objects.requireNonNull(text, "text");
        }
    }

    /** A known tool's opening tag was read. */
    record ToolCallStarted(int callIndex, String toolName) implements XmlStreamEvent {
        public ToolCallStarted {
            Objects.requireNonNull(toolName, "toolName");
        }
    }

    /**
     * A piece of one parameter's value as it streams, already following the newline rule of
     * {@link XmlToolStreamParser}: the pieces of one parameter concatenate to its final value.
     */
    record ToolParameterDelta(int callIndex, String toolName, String parameter, String text)
            implements XmlStreamEvent {
        public ToolParameterDelta {
            Objects.requireNonNull(toolName, "toolName");
            Objects.requireNonNull(parameter, "parameter");
            Objects.requireNonNull(text, "text");
        }
    }

    /** A tool call closed; its parameters in the order they first appeared (a repeated one keeps its last value). */
    record ToolCallCompleted(int callIndex, String toolName, Map<String, String> parameters)
            implements XmlStreamEvent {
        public ToolCallCompleted {
            Objects.requireNonNull(toolName, "toolName");
            parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        }
    }

    /**
     * The text broke the format in a way that loses a tool call: a tool tag still open at the end of the stream, or a
     * call too large to hold. The message names the tool and what was received.
     */
    record StreamError(String message) implements XmlStreamEvent {
        public StreamError {
            Objects.requireNonNull(message, "message");
        }
    }
}
