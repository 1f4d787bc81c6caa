package dev.agentls.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Parses a tool's schema text; a tool with a broken schema is a programming error, reported with its name. */
final class Schemas {

    private Schemas() {}

    static JsonNode parse(ObjectMapper json, ToolSpec spec) {
        try {
            JsonNode schema = json.readTree(spec.parametersSchemaJson());
            if (schema == null || !schema.isObject()) {
                throw new IllegalArgumentException("tool " + spec.name() + ": the parameters schema is not a JSON object");
            }
            return schema;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("tool " + spec.name() + ": the parameters schema is not valid JSON: "
                    + e.getOriginalMessage(), e);
        }
    }
}
