package dev.agentls.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * What a call's tool reads in its arguments, for whoever shows or watches the call: the kind of tool, the word for a
 * call under way, the file it names (under {@link Parameter#PATH} or an alias), its subject (its first required
 * parameter: the file, query, command, question...) and the reason it gives for a change. Unknown tools and
 * arguments that are no object give {@link #NONE}'s empty facts.
 */
public record CallFacts(ToolKind kind, Optional<String> verb, Optional<String> file, Optional<String> subject,
                        Optional<String> purpose) {

    public static final CallFacts NONE = new CallFacts(ToolKind.OTHER, Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty());

    /** The facts {@code tool} reads in {@code arguments}, a JSON object as the model wrote it (not yet validated). */
    public static CallFacts of(Tool tool, JsonNode arguments) {
        if (arguments == null || !arguments.isObject()) {
            return new CallFacts(tool.kind(), tool.verb(), Optional.empty(), Optional.empty(), Optional.empty());
        }
        Optional<String> file = Optional.empty();
        Optional<String> subject = Optional.empty();
        for (Parameter parameter : tool.parameters()) {
            if (file.isEmpty() && parameter.name().equals(Parameter.PATH)) {
                file = text(parameter, arguments);
            }
            if (subject.isEmpty() && parameter.required()) {
                subject = parameter.valueIn(arguments).filter(JsonNode::isValueNode).map(JsonNode::asText);
            }
        }
        Optional<String> purpose = tool.purposeParameter().flatMap(name -> tool.parameters().stream()
                .filter(p -> p.name().equals(name)).findFirst()).flatMap(p -> text(p, arguments));
        return new CallFacts(tool.kind(), tool.verb(), file, subject, purpose);
    }

    private static Optional<String> text(Parameter parameter, JsonNode arguments) {
        return parameter.valueIn(arguments).filter(JsonNode::isTextual).map(JsonNode::textValue);
    }
}
