package dev.agentls.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.tools.CallFacts;
import dev.agentls.tools.ToolKind;
import dev.agentls.tools.ToolSet;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A tool call's arguments, read once for everyone: the text the model wrote (verbatim, for the wire and the
 * transcript), the JSON object it holds when it holds one, and what the call's tool reads in it (its kind, the file
 * it names under any accepted name, its subject). Read-only: the object is never handed out but as a copy, so no
 * listener can change what the tool or another listener sees.
 */
public final class CallArguments {

    private final String text;
    private final ObjectNode object;
    private final String refusal;
    private final CallFacts facts;

    private CallArguments(String text, ObjectNode object, String refusal, CallFacts facts) {
        this.text = text;
        this.object = object;
        this.refusal = refusal;
        this.facts = facts;
    }

    /** Reads {@code text}, the arguments of a call of tool {@code name}, and asks {@code tools} what they name. */
    public static CallArguments read(String name, String text, ToolSet tools) {
        ToolArguments.Reading reading = ToolArguments.read(text);
        if (reading instanceof ToolArguments.Reading.Parsed parsed) {
            return new CallArguments(text, parsed.arguments(), null, tools.facts(name, parsed.arguments()));
        }
        return new CallArguments(text, null, ((ToolArguments.Reading.Refused) reading).reason(),
                tools.facts(name, null));
    }

    /** The arguments exactly as the model wrote them, possibly not JSON at all. */
    public String text() {
        return text;
    }

    /** Whether the text is one JSON object (a call with anything else is refused before it runs). */
    public boolean parsed() {
        return object != null;
    }

    /** A text value under {@code name}; empty when absent, not text, or the arguments are no object. */
    public Optional<String> string(String name) {
        JsonNode value = object == null ? null : object.get(name);
        return value != null && value.isTextual() ? Optional.of(value.textValue()) : Optional.empty();
    }

    /** An integer value under {@code name}; empty when absent or not an integer. */
    public OptionalInt integer(String name) {
        JsonNode value = object == null ? null : object.get(name);
        return value != null && value.canConvertToInt() && value.isIntegralNumber() ? OptionalInt.of(value.intValue())
                : OptionalInt.empty();
    }

    /** Whether a non-null value is given under {@code name}. */
    public boolean has(String name) {
        return object != null && object.hasNonNull(name);
    }

    /** A copy of the object, for a protocol that shows the call's input whole; empty when the text holds none. */
    public Optional<ObjectNode> copy() {
        return object == null ? Optional.empty() : Optional.of(object.deepCopy());
    }

    /** What kind of tool was called; {@link ToolKind#OTHER} for a name that is no tool's. */
    public ToolKind kind() {
        return facts.kind();
    }

    /** The word for the call under way ("reading", "editing"), when its tool has one. */
    public Optional<String> verb() {
        return facts.verb();
    }

    /** The file (or folder) the call names, under its tool's path parameter or one of that parameter's aliases. */
    public Optional<String> file() {
        return facts.file();
    }

    /** What the call is about: its first required parameter's value (the file, query, command, question...). */
    public Optional<String> subject() {
        return facts.subject();
    }

    /** The reason the call gives for a change beside its explanation (an edit's instructions). */
    public Optional<String> purpose() {
        return facts.purpose();
    }

    /** The object itself, for the run alone: the tool gets it to validate, the checks read it. */
    Optional<ObjectNode> tree() {
        return Optional.ofNullable(object);
    }

    /** Why the text is no usable object; empty when it is one. */
    Optional<String> refusal() {
        return Optional.ofNullable(refusal);
    }

    /** Equal when the text is: the rest is read from it. */
    @Override
    public boolean equals(Object other) {
        return other instanceof CallArguments that && text.equals(that.text) && facts.equals(that.facts);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
