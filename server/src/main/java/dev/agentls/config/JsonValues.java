package dev.agentls.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one settings value that is either a Jackson {@link JsonNode} or plain Java ({@code Map}, {@code List},
 * {@code String}, {@code Number}, {@code Boolean}, {@code null}), so the parser serves both without converting whole
 * trees. It only ever looks one level deep, which is why hostile nesting costs nothing.
 */
final class JsonValues {

    enum Kind { OBJECT, ARRAY, STRING, NUMBER, BOOLEAN, NULL, OTHER }

    private JsonValues() {}

    static Kind kind(Object v) {
        if (v == null) {
            return Kind.NULL;
        }
        if (v instanceof JsonNode n) {
            if (n.isNull() || n.isMissingNode()) {
                return Kind.NULL;
            }
            if (n.isObject()) {
                return Kind.OBJECT;
            }
            if (n.isArray()) {
                return Kind.ARRAY;
            }
            if (n.isTextual()) {
                return Kind.STRING;
            }
            if (n.isNumber()) {
                return Kind.NUMBER;
            }
            if (n.isBoolean()) {
                return Kind.BOOLEAN;
            }
            return Kind.OTHER;
        }
        if (v instanceof Map<?, ?>) {
            return Kind.OBJECT;
        }
        if (v instanceof List<?> || v instanceof Object[]) {
            return Kind.ARRAY;
        }
        if (v instanceof CharSequence) {
            return Kind.STRING;
        }
        if (v instanceof Number) {
            return Kind.NUMBER;
        }
        if (v instanceof Boolean) {
            return Kind.BOOLEAN;
        }
        return Kind.OTHER;
    }

    /** The fields of an object value, in their order; keys that are not strings are named by their text. */
    static Map<String, Object> fields(Object v) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (v instanceof JsonNode n) {
            Iterator<Map.Entry<String, JsonNode>> it = n.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                out.put(e.getKey(), e.getValue());
            }
        } else if (v instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                out.put(String.valueOf(e.getKey()), e.getValue());
            }
        }
        return out;
    }

    static String string(Object v) {
        return v instanceof JsonNode n ? n.textValue() : v.toString();
    }

    static boolean bool(Object v) {
        return v instanceof JsonNode n ? n.booleanValue() : (Boolean) v;
    }

    /** The exact value of a number, or null when it is NaN or infinite (possible in Java maps and lenient JSON). */
    static BigDecimal number(Object v) {
        if (v instanceof JsonNode n) {
            if (n.isFloatingPointNumber() && !n.isBigDecimal() && !Double.isFinite(n.doubleValue())) {
                return null;
            }
            return n.decimalValue();
        }
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            return Double.isFinite(d) ? BigDecimal.valueOf(d) : null;
        }
        if (v instanceof Number n) {
            if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
                return BigDecimal.valueOf(n.longValue());
            }
            try {
                return new BigDecimal(n.toString());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    /** How a value reads in an error message: its kind, and for scalars a short, safe rendering. */
    static String describe(Object v) {
        return switch (kind(v)) {
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case NULL -> "null";
            case BOOLEAN -> String.valueOf(bool(v));
            case NUMBER -> {
                BigDecimal d = number(v);
                yield d == null ? "a number that is not finite" : "the number " + Quoting.shortText(d.toString());
            }
            case STRING -> Quoting.quote(string(v));
            case OTHER -> "a value of an unsupported type";
        };
    }
}
