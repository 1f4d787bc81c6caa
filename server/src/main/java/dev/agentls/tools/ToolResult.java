package dev.agentls.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * What a tool call produced: a success with the text the model reads and structured data for editors and tests, or
 * a failure whose message says what went wrong in words a model can act on. Nothing was changed on a failure unless
 * the message says so.
 */
public sealed interface ToolResult {

    /** The tool did its work; {@code text} is what the model reads, {@code data} the same facts as JSON. */
    record Success(String text, JsonNode data) implements ToolResult {
        public Success {
            Objects.requireNonNull(text, "text");
            data = data == null ? JsonNodeFactory.instance.objectNode() : data;
        }
    }

    /** The tool refused or could not do its work; {@code message} starts with the tool's name. */
    record Failure(String message) implements ToolResult {
        public Failure {
            Objects.requireNonNull(message, "message");
        }
    }

    static ToolResult success(String text, JsonNode data) {
        return new Success(text, data);
    }

    static ToolResult failure(String message) {
        return new Failure(message);
    }

    default boolean isSuccess() {
        return this instanceof Success;
    }

    /** The text a model reads: the success text, or the failure message. */
    default String text() {
        if (this instanceof Success s) {
            return s.text();
        }
        return ((Failure) this).message();
    }

    /** {@code {"ok": true, "text": ..., "data": ...}} or {@code {"ok": false, "error": ...}}: the wire form. */
    default ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (this instanceof Success s) {
            node.put("ok", true);
            node.put("text", s.text());
            node.set("data", s.data());
        } else {
            node.put("ok", false);
            node.put("error", ((Failure) this).message());
        }
        return node;
    }
}
