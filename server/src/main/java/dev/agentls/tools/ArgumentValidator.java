package dev.agentls.tools;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Checks a call's JSON arguments against a tool's parameters and says exactly what is wrong, in words a model can act
 * on: {@code "read_file: 'start_line' must be a positive integer, got -3"}. Refuses unknown and missing parameters,
 * wrong types and values over their size bound. In XML tool mode every value arrives as text, so a string holding a
 * clean integer or boolean is accepted for those types, and an array may come as JSON text or one item per line.
 */
final class ArgumentValidator {

    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
    private static final Pattern LIST_BULLET = Pattern.compile("^\\s*(?:[-*]|\\d+[.)])\\s+");
    private static final int SHOWN = 40;
    private static final ObjectMapper JSON = new ObjectMapper();

    private ArgumentValidator() {}

    /** The validated arguments, or the failure message naming the first problem found. */
    static Validation validate(String tool, List<Parameter> parameters, JsonNode arguments) {
        if (arguments == null || arguments.isNull() || arguments.isMissingNode()) {
            arguments = JsonNodeFactory.instance.objectNode();
        }
        if (!arguments.isObject()) {
            return new Validation.Invalid(tool + ": arguments must be a JSON object of parameters, got "
                    + describe(arguments));
        }
        Map<String, Parameter> byName = new HashMap<>();
        for (Parameter p : parameters) {
            byName.put(p.name(), p);
            p.aliases().forEach(alias -> byName.put(alias, p));
        }
        for (Iterator<String> names = arguments.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            // The system prompt asks every call for an explanation: a tool that declares none ignores it.
            if (!byName.containsKey(name) && !name.equals(Parameter.EXPLANATION)) {
                return new Validation.Invalid(tool + ": unknown parameter '" + shorten(name) + "'; "
                        + tool + " takes " + names(parameters));
            }
        }
        Map<String, Object> values = new HashMap<>();
        for (Parameter parameter : parameters) {
            JsonNode value;
            try {
                value = given(tool, parameter, arguments);
            } catch (IllegalArgumentException e) {
                return new Validation.Invalid(e.getMessage());
            }
            if (value == null || value.isNull()) {
                if (parameter.required()) {
                    return new Validation.Invalid(tool + ": missing required parameter '" + parameter.name()
                            + "' (" + parameter.type().phrase() + ": " + parameter.description() + ")");
                }
                continue;
            }
            Object converted;
            try {
                converted = convert(parameter, value);
            } catch (IllegalArgumentException e) {
                return new Validation.Invalid(tool + ": " + e.getMessage());
            }
            values.put(parameter.name(), converted);
        }
        return new Validation.Valid(new Arguments(values));
    }

    /**
     * The value given for {@code parameter} under its name or one of its aliases; null when none. Two different
     * values under two of its names are refused: which one was meant cannot be known.
     */
    private static JsonNode given(String tool, Parameter parameter, JsonNode arguments) {
        JsonNode value = arguments.get(parameter.name());
        String under = parameter.name();
        for (String alias : parameter.aliases()) {
            JsonNode other = arguments.get(alias);
            if (other == null || other.isNull()) {
                continue;
            }
            if (value != null && !value.isNull() && !value.equals(other)) {
                throw new IllegalArgumentException(tool + ": '" + under + "' and '" + alias + "' name the same"
                        + " parameter with different values; give it once, as '" + parameter.name() + "'");
            }
            if (value == null || value.isNull()) {
                value = other;
                under = alias;
            }
        }
        return value;
    }

    private static Object convert(Parameter parameter, JsonNode value) {
        String name = "'" + parameter.name() + "'";
        switch (parameter.type()) {
            case STRING -> {
                if (!value.isTextual()) {
                    throw new IllegalArgumentException(name + " must be a string, got " + describe(value));
                }
                String text = value.textValue();
                checkLength(parameter, text.length(), "characters");
                if (text.isBlank() && !parameter.allowEmpty()) {
                    throw new IllegalArgumentException(name + " must not be empty");
                }
                return text;
            }
            case POSITIVE_INTEGER -> {
                BigInteger number = null;
                if (value.isIntegralNumber()) {
                    number = value.bigIntegerValue();
                } else if (value.isTextual() && INTEGER.matcher(value.textValue().strip()).matches()) {
                    number = new BigInteger(value.textValue().strip());
                }
                if (number == null || number.signum() <= 0 || number.bitLength() > 31) {
                    throw new IllegalArgumentException(name + " must be a positive integer, got " + describe(value));
                }
                return number.intValue();
            }
            case BOOLEAN -> {
                if (value.isBoolean()) {
                    return value.booleanValue();
                }
                if (value.isTextual()) {
                    String text = value.textValue().strip().toLowerCase(Locale.ROOT);
                    if (text.equals("true") || text.equals("false")) {
                        return Boolean.parseBoolean(text);
                    }
                }
                throw new IllegalArgumentException(name + " must be true or false, got " + describe(value));
            }
            case STRING_ARRAY -> {
                List<String> items = value.isTextual() ? itemsOfText(value.textValue()) : null;
                if (value.isArray()) {
                    items = new ArrayList<>();
                    int index = 0;
                    for (JsonNode item : value) {
                        if (!item.isTextual()) {
                            throw new IllegalArgumentException(name + " must be an array of strings; item "
                                    + (index + 1) + " is " + describe(item));
                        }
                        items.add(item.textValue());
                        checkLength(parameter.maxLength(Parameter.SHORT * 4), item.textValue().length(), "characters");
                        index++;
                    }
                }
                if (items == null) {
                    throw new IllegalArgumentException(name + " must be an array of strings, got " + describe(value));
                }
                checkLength(parameter, items.size(), "items");
                if (items.isEmpty() && !parameter.allowEmpty()) {
                    throw new IllegalArgumentException(name + " must not be empty");
                }
                return List.copyOf(items);
            }
            case TITLED_ARRAY -> {
                List<Titled> items = TitledItems.convert(name, value);
                checkLength(parameter, items.size(), "items");
                for (Titled item : items) {
                    checkLength(parameter.maxLength(Parameter.SHORT * 4), item.title().length()
                            + item.description().length(), "characters");
                }
                if (items.isEmpty() && !parameter.allowEmpty()) {
                    throw new IllegalArgumentException(name + " must not be empty");
                }
                return items;
            }
            case JSON -> {
                return jsonValue(value);
            }
            default -> throw new IllegalStateException("unknown type " + parameter.type());
        }
    }

    /** XML mode sends every value as text: text that is a JSON object or array becomes that value. */
    private static JsonNode jsonValue(JsonNode value) {
        if (value.isTextual()) {
            String trimmed = value.textValue().strip();
            if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
                try {
                    return JSON.readTree(trimmed);
                } catch (JsonProcessingException e) {
                    return value;
                }
            }
        }
        return value;
    }

    /** XML mode: a JSON array written as text, else one item per non-blank line with list bullets removed. */
    static List<String> itemsOfText(String text) {
        String trimmed = text.strip();
        if (trimmed.startsWith("[")) {
            try {
                JsonNode parsed = JSON.readTree(trimmed);
                if (parsed.isArray()) {
                    List<String> items = new ArrayList<>();
                    for (JsonNode item : parsed) {
                        if (!item.isTextual()) {
                            return null;
                        }
                        items.add(item.textValue());
                    }
                    return items;
                }
            } catch (JsonProcessingException e) {
                // Not JSON after all: fall through to one item per line.
            }
        }
        return trimmed.lines()
                .map(line -> LIST_BULLET.matcher(line).replaceFirst("").strip())
                .filter(line -> !line.isEmpty())
                .collect(Collectors.toList());
    }

    private static void checkLength(Parameter parameter, int length, String unit) {
        if (length > parameter.maxLength()) {
            throw new IllegalArgumentException("'" + parameter.name() + "' is " + length + " " + unit
                    + " long; the limit is " + parameter.maxLength());
        }
    }

    static String names(List<Parameter> parameters) {
        return parameters.stream()
                .map(p -> p.name() + (p.aliases().isEmpty() ? "" : " (or " + String.join(", ", p.aliases()) + ")")
                        + (p.required() ? "" : " (optional)"))
                .collect(Collectors.joining(", "));
    }

    /** A short, quoted rendering of a value for a message: {@code -3}, {@code "abc"}, {@code an object}. */
    static String describe(JsonNode value) {
        if (value.isObject()) {
            return "an object";
        }
        if (value.isArray()) {
            return "an array";
        }
        if (value.isTextual()) {
            return "\"" + shorten(value.textValue()) + "\"";
        }
        return shorten(value.toString());
    }

    private static String shorten(String text) {
        return text.length() <= SHOWN ? text : text.substring(0, SHOWN) + "…";
    }

    /** The outcome of validation: arguments ready for the tool, or the message to return instead. */
    sealed interface Validation {
        record Valid(Arguments arguments) implements Validation {}

        record Invalid(String message) implements Validation {}
    }
}
