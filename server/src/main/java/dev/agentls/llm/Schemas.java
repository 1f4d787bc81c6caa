package dev.agentls.llm;

import java.io.IOException;

/** Parses a tool's schema text; a tool with a broken schema is a programming error, reported with its name. */
final class Schemas {

    private Schemas() {}

    static JsonValue parse(JsonCodec json, ToolSpec spec) {
        JsonValue schema;
        try {
            schema = json.read(spec.parametersSchemaJson());
        } catch (IOException e) {
            throw new IllegalArgumentException("tool " + spec.name() + ": the parameters schema is not valid JSON: "
                    + JsonCodec.describe(e), e);
        }
        if (!schema.isObject()) {
            throw new IllegalArgumentException("tool " + spec.name() + ": the parameters schema is not a JSON object");
        }
        return schema;
    }
}
