package dev.agentls.llm;

import java.util.Objects;

/**
 * A tool offered to the model in native tool mode. The schema is JSON Schema text (an object schema), kept as text so
 * that the packages that define tools need no JSON library type of ours; the client checks that it parses.
 */
public record ToolSpec(String name, String description, String parametersSchemaJson) {
    public ToolSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(parametersSchemaJson, "parametersSchemaJson");
        if (!name.matches("[A-Za-z0-9_-]{1,64}")) {
            throw new IllegalArgumentException("tool name must be 1-64 of [A-Za-z0-9_-], got '" + name + "'");
        }
    }
}
