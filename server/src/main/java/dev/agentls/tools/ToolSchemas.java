package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** Builds JSON Schemas (draft 2020-12 subset that OpenAI and Anthropic accept) from a tool's parameters. */
public final class ToolSchemas {

    private ToolSchemas() {}

    /** {@code {"type":"object","properties":{...},"required":[...],"additionalProperties":false}}. */
    public static ObjectNode schemaOf(List<Parameter> parameters) {
        JsonNodeFactory json = JsonNodeFactory.instance;
        ObjectNode schema = json.objectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = json.arrayNode();
        for (Parameter parameter : parameters) {
            ObjectNode property = properties.putObject(parameter.name());
            switch (parameter.type()) {
                case STRING -> {
                    property.put("type", "string");
                    property.put("maxLength", parameter.maxLength());
                    if (!parameter.allowEmpty()) {
                        property.put("minLength", 1);
                    }
                }
                case POSITIVE_INTEGER -> {
                    property.put("type", "integer");
                    property.put("minimum", 1);
                }
                case BOOLEAN -> property.put("type", "boolean");
                case STRING_ARRAY -> {
                    property.put("type", "array");
                    property.putObject("items").put("type", "string");
                    property.put("maxItems", parameter.maxLength());
                    if (!parameter.allowEmpty()) {
                        property.put("minItems", 1);
                    }
                }
                case TITLED_ARRAY -> {
                    property.put("type", "array");
                    ObjectNode item = property.putObject("items");
                    item.put("type", "object");
                    ObjectNode fields = item.putObject("properties");
                    fields.putObject("title").put("type", "string").put("minLength", 1);
                    fields.putObject("description").put("type", "string");
                    item.putArray("required").add("title");
                    item.put("additionalProperties", false);
                    property.put("maxItems", parameter.maxLength());
                    if (!parameter.allowEmpty()) {
                        property.put("minItems", 1);
                    }
                }
                case JSON -> {
                    // No type: any JSON value; the program behind the tool checks it.
                }
                default -> throw new IllegalStateException("unknown type " + parameter.type());
            }
            property.put("description", parameter.description());
            if (parameter.required()) {
                required.add(parameter.name());
            }
        }
        schema.set("required", required);
        schema.put("additionalProperties", false);
        return schema;
    }
}
