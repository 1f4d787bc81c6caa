package dev.agentls.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/** Parses a tool's schema text; a tool with a broken schema is a programming error, reported with its name. */
final class Schemas {

    private Schemas() {}

    static JsonNode parse(ObjectMapper json, ToolSpec spec) {
        JsonNode schema;
        try {
            schema = json.readTree(spec.parametersSchemaJson());
        } catch (IOException e) {
            throw new IllegalArgumentException("tool " + spec.name() + ": the parameters schema is not valid JSON: "
                    + WireJson.describe(e), e);
        }
        if (!schema.isObject()) {
            throw new IllegalArgumentException("tool " + spec.name() + ": the parameters schema is not a JSON object");
        }
        return schema;
    }
}
