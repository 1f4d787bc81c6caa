package dev.agentls.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/** How a JSON value's kind reads in an error message ("an array", "a string", "null"), for every reader of JSON files. */
public final class JsonKinds {

    private JsonKinds() {
    }

    public static String of(JsonNode value) {
        return switch (value.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            default -> value.getNodeType().name().toLowerCase(Locale.ROOT);
        };
    }
}
