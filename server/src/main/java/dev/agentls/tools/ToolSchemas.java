package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Builds the JSON Schema a model sees from a tool's parameters, in the subset every provider takes: {@code type},
 * {@code properties}, {@code items}, {@code required}, {@code description}. Bounds ({@code maxLength},
 * {@code minimum}, ...) and {@code additionalProperties} stay out: the validator enforces them with a message the
 * model can act on, while strict validators refuse them (Anthropic strict tools refuse {@code minimum} on integers,
 * https://github.com/earendil-works/pi/issues/9953; {@code additionalProperties: false} with an optional property is
 * refused by strict OpenAI-compatible validators, https://github.com/anomalyco/opencode/issues/13737) and Gemini's
 * function declarations refuse {@code additionalProperties} (https://github.com/ax-llm/ax/issues/293).
 */
public final class ToolSchemas {

    private ToolSchemas() {}

    /** {@code {"type":"object","properties":{...},"required":[...]}}; aliases are named in their descriptions. */
    public static ObjectNode schemaOf(List<Parameter> parameters) {
        JsonNodeFactory json = JsonNodeFactory.instance;
        ObjectNode schema = json.objectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = json.arrayNode();
        for (Parameter parameter : parameters) {
            ObjectNode property = properties.putObject(parameter.name());
            switch (parameter.type()) {
                case STRING -> property.put("type", "string");
                case POSITIVE_INTEGER -> property.put("type", "integer");
                case BOOLEAN -> property.put("type", "boolean");
                case STRING_ARRAY -> {
                    property.put("type", "array");
                    property.putObject("items").put("type", "string");
                }
                case TITLED_ARRAY -> {
                    property.put("type", "array");
                    ObjectNode item = property.putObject("items");
                    item.put("type", "object");
                    ObjectNode fields = item.putObject("properties");
                    fields.putObject("title").put("type", "string");
                    fields.putObject("description").put("type", "string");
                    item.putArray("required").add("title");
                }
                case JSON -> {
                    // No type: any JSON value; the program behind the tool checks it.
                }
                default -> throw new IllegalStateException("unknown type " + parameter.type());
            }
            property.put("description", parameter.documented());
            if (parameter.required()) {
                required.add(parameter.name());
            }
        }
        schema.set("required", required);
        return schema;
    }
}
