package dev.agentls.llm;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON for the model clients on jackson-core's streaming parser and generator alone (no databind, see
 * {@link JsonValue} for why): reads text into a {@link JsonValue}, writes request bodies through a
 * {@link JsonGenerator}. Reading keeps jackson-core's limits (nesting depth, string and number length), refuses text
 * after the value, and reports every failure as an {@link IOException} whose message says what was wrong and where.
 * One codec per client; it is safe to share between threads.
 */
final class JsonCodec {

    private final JsonFactory factory = new JsonFactory();

    /** The value {@code text} holds; {@link JsonValue.Missing} for text that is empty or only whitespace. */
    JsonValue read(String text) throws IOException {
        try (JsonParser parser = factory.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return new JsonValue.Missing();
            }
            JsonValue value = value(parser, first);
            JsonToken after = parser.nextToken();
            if (after != null) {
                throw new JsonParseException(parser, "unexpected '" + parser.getText() + "' after the JSON value");
            }
            return value;
        }
    }

    /** The JSON values {@code text} holds one after another, separated by whitespace only (none for blank text). */
    List<JsonValue> readAll(String text) throws IOException {
        List<JsonValue> values = new ArrayList<>();
        try (JsonParser parser = factory.createParser(text)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                values.add(value(parser, token));
            }
        }
        return values;
    }

    /** Whether {@code text} is one JSON object. */
    boolean isObject(String text) {
        try {
            return read(text).isObject();
        } catch (IOException e) {
            return false;
        }
    }

    /** Compact JSON text of {@code value} ("" for {@link JsonValue.Missing}). */
    String write(JsonValue value) {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = generator(out)) {
            write(generator, value);
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to a string", e);
        }
        return out.toString();
    }

    /** A generator writing compact JSON to {@code out}; close it before reading {@code out}. */
    JsonGenerator generator(StringWriter out) throws IOException {
        return factory.createGenerator(out);
    }

    /** Writes {@code value} at the generator's position ({@link JsonValue.Missing} writes nothing). */
    void write(JsonGenerator generator, JsonValue value) throws IOException {
        if (value instanceof JsonValue.Obj o) {
            generator.writeStartObject();
            for (Map.Entry<String, JsonValue> member : o.members().entrySet()) {
                generator.writeFieldName(member.getKey());
                write(generator, member.getValue());
            }
            generator.writeEndObject();
        } else if (value instanceof JsonValue.Arr a) {
            generator.writeStartArray();
            for (JsonValue item : a.items()) {
                write(generator, item);
            }
            generator.writeEndArray();
        } else if (value instanceof JsonValue.Str s) {
            generator.writeString(s.value());
        } else if (value instanceof JsonValue.Num n) {
            generator.writeNumber(n.text());
        } else if (value instanceof JsonValue.Bool b) {
            generator.writeBoolean(b.value());
        } else if (value instanceof JsonValue.Null) {
            generator.writeNull();
        }
    }

    /** What a read failure says, without the parser's source excerpt (which may be long, or hold a secret). */
    static String describe(IOException e) {
        String message = e instanceof JsonProcessingException p ? p.getOriginalMessage() : e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }

    private static JsonValue value(JsonParser parser, JsonToken token) throws IOException {
        if (token == null) {
            throw new JsonParseException(parser, "unexpected end of input");
        }
        switch (token) {
            case START_OBJECT -> {
                Map<String, JsonValue> members = new LinkedHashMap<>();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_OBJECT; next = parser.nextToken()) {
                    String name = parser.currentName();
                    members.put(name, value(parser, parser.nextToken()));
                }
                return new JsonValue.Obj(Collections.unmodifiableMap(members));
            }
            case START_ARRAY -> {
                List<JsonValue> items = new ArrayList<>();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_ARRAY; next = parser.nextToken()) {
                    items.add(value(parser, next));
                }
                return new JsonValue.Arr(items);
            }
            case VALUE_STRING -> {
                return new JsonValue.Str(parser.getText());
            }
            case VALUE_NUMBER_INT -> {
                return new JsonValue.Num(parser.getText(), true);
            }
            case VALUE_NUMBER_FLOAT -> {
                return new JsonValue.Num(parser.getText(), false);
            }
            case VALUE_TRUE -> {
                return new JsonValue.Bool(true);
            }
            case VALUE_FALSE -> {
                return new JsonValue.Bool(false);
            }
            case VALUE_NULL -> {
                return new JsonValue.Null();
            }
            default -> throw new JsonParseException(parser, "unexpected " + token);
        }
    }
}
