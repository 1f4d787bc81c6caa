package dev.agentls.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A tool call's arguments after validation against its {@link Parameter}s: every value present has its declared type,
 * so a tool reads them without checking again. Asking for an undeclared or wrongly typed name is a programming error.
 */
public record Arguments(Map<String, Object> values) {

    public Arguments {
        values = Map.copyOf(values);
    }

    public String string(String name) {
        return optionalString(name).orElseThrow(() -> new IllegalStateException("no value for " + name));
    }

    public Optional<String> optionalString(String name) {
        return Optional.ofNullable((String) values.get(name));
    }

    public OptionalInt optionalInt(String name) {
        Integer value = (Integer) values.get(name);
        return value == null ? OptionalInt.empty() : OptionalInt.of(value);
    }

    public boolean bool(String name, boolean otherwise) {
        Boolean value = (Boolean) values.get(name);
        return value == null ? otherwise : value;
    }

    @SuppressWarnings("unchecked")
    public List<String> strings(String name) {
        List<String> value = (List<String>) values.get(name);
        return value == null ? List.of() : value;
    }

    /** The items of a {@link Parameter.Type#TITLED_ARRAY} parameter; empty when absent. */
    @SuppressWarnings("unchecked")
    public List<Titled> titled(String name) {
        List<Titled> value = (List<Titled>) values.get(name);
        return value == null ? List.of() : value;
    }

    /** The value of a {@link Parameter.Type#JSON} parameter; empty when absent. */
    public Optional<JsonNode> json(String name) {
        return Optional.ofNullable((JsonNode) values.get(name));
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }
}
