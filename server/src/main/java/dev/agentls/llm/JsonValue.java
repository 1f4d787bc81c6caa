package dev.agentls.llm;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A JSON value as {@link JsonCodec} reads it: the small tree the stream decoders and error readers walk. It stands in
 * for Jackson databind's tree so a model call needs only jackson-core's streaming parser: databind's first
 * {@code ObjectMapper} loads some 400 classes, a large part of a fresh JVM's first request (BENCHMARKS.md, "The
 * model client's first request"). The accessors read like databind's, leniently: a missing member is
 * {@link Missing}, {@link #path} never answers null, {@link #asText(String)} gives the default for a missing or null
 * value. Numbers keep their text, so a value is written back as it came.
 */
sealed interface JsonValue {

    /** An object; members keep their order, a repeated name keeps its last value. */
    record Obj(Map<String, JsonValue> members) implements JsonValue {
        public Obj {
            Objects.requireNonNull(members, "members");
        }
    }

    record Arr(List<JsonValue> items) implements JsonValue {
        public Arr {
            items = List.copyOf(items);
        }
    }

    record Str(String value) implements JsonValue {
        public Str {
            Objects.requireNonNull(value, "value");
        }
    }

    /** A number as written; {@code integral} when it has no fraction and no exponent. */
    record Num(String text, boolean integral) implements JsonValue {
        public Num {
            Objects.requireNonNull(text, "text");
        }
    }

    record Bool(boolean value) implements JsonValue {}

    record Null() implements JsonValue {}

    /** What {@link #path} answers for a member that is not there. */
    record Missing() implements JsonValue {}

    /** What kind of value this is, in words: object, array, string, number, boolean, null or missing. */
    default String kind() {
        if (this instanceof Obj) {
            return "object";
        }
        if (this instanceof Arr) {
            return "array";
        }
        if (this instanceof Str) {
            return "string";
        }
        if (this instanceof Num) {
            return "number";
        }
        if (this instanceof Bool) {
            return "boolean";
        }
        return this instanceof Null ? "null" : "missing";
    }

    /** The member {@code name} of an object, or null (not an object, or no such member). */
    default JsonValue get(String name) {
        return this instanceof Obj o ? o.members().get(name) : null;
    }

    /** The member {@code name} of an object, or {@link Missing}. */
    default JsonValue path(String name) {
        JsonValue value = get(name);
        return value == null ? new Missing() : value;
    }

    /** Item {@code index} of an array, or null. */
    default JsonValue get(int index) {
        return this instanceof Arr a && index >= 0 && index < a.items().size() ? a.items().get(index) : null;
    }

    /** The items of an array; none for anything else. */
    default List<JsonValue> items() {
        return this instanceof Arr a ? a.items() : List.of();
    }

    default boolean has(String name) {
        return get(name) != null;
    }

    default boolean hasNonNull(String name) {
        JsonValue value = get(name);
        return value != null && !(value instanceof Null);
    }

    default boolean isObject() {
        return this instanceof Obj;
    }

    default boolean isArray() {
        return this instanceof Arr;
    }

    default boolean isTextual() {
        return this instanceof Str;
    }

    default boolean isIntegralNumber() {
        return this instanceof Num n && n.integral();
    }

    /** Members of an object, items of an array, else 0. */
    default int size() {
        if (this instanceof Obj o) {
            return o.members().size();
        }
        return this instanceof Arr a ? a.items().size() : 0;
    }

    default boolean isEmpty() {
        return size() == 0;
    }

    /** A string's value, a number's text, {@code true}/{@code false}, {@code null}; "" for containers and missing. */
    default String asText() {
        if (this instanceof Str s) {
            return s.value();
        }
        if (this instanceof Num n) {
            return n.text();
        }
        if (this instanceof Bool b) {
            return Boolean.toString(b.value());
        }
        return this instanceof Null ? "null" : "";
    }

    /** As {@link #asText()}, but {@code fallback} for a missing or null value. */
    default String asText(String fallback) {
        return this instanceof Missing || this instanceof Null ? fallback : asText();
    }

    /** A number (a fraction cut off, a huge one wrapped as databind does), a numeric string, else {@code fallback}. */
    default long asLong(long fallback) {
        if (this instanceof Num n) {
            try {
                return n.integral() ? new BigInteger(n.text()).longValue() : (long) Double.parseDouble(n.text());
            } catch (NumberFormatException e) {
                return fallback;
            }
        }
        if (this instanceof Str s) {
            try {
                return Long.parseLong(s.value().strip());
            } catch (NumberFormatException e) {
                return fallback;
            }
        }
        if (this instanceof Bool b) {
            return b.value() ? 1 : 0;
        }
        return fallback;
    }

    default int asInt() {
        return asInt(0);
    }

    default int asInt(int fallback) {
        long value = asLong(Long.MIN_VALUE);
        return value == Long.MIN_VALUE ? fallback : (int) value;
    }
}
