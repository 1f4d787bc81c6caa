package dev.agentls.llm;

import java.util.Objects;
import java.util.Set;

/**
 * A tool offered to the model. The schema is JSON Schema text (an object schema), kept as text so that the packages
 * that define tools need no JSON library type of ours; the client checks that it parses. {@code alsoAccepted} names
 * the arguments a call may give beyond the schema's properties (aliases, {@code explanation}), so that XML tool mode
 * reads their tags as parameters too.
 */
public record ToolSpec(String name, String description, String parametersSchemaJson, Set<String> alsoAccepted) {
    public ToolSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(parametersSchemaJson, "parametersSchemaJson");
        alsoAccepted = Set.copyOf(alsoAccepted);
        if (!name.matches("[A-Za-z0-9_-]{1,64}")) {
            throw new IllegalArgumentException("tool name must be 1-64 of [A-Za-z0-9_-], got '" + name + "'");
        }
    }

    /** A tool whose schema's properties are every argument it takes. */
    public ToolSpec(String name, String description, String parametersSchemaJson) {
        this(name, description, parametersSchemaJson, Set.of());
    }
}
