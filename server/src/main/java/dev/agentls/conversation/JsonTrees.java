package dev.agentls.conversation;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;

/**
 * Reads and writes JSON trees ({@link JsonNode}) with jackson-core's streaming parser and generator, as databind's
 * {@code ObjectMapper} would ({@code readTree}, {@code writeValueAsString}, {@code JsonNode.toString()}), without
 * making one: a process's first mapper and its first serialization cost about 0.1 s of CPU, which {@code agentls
 * run} would pay before its first request (the conversation file, the tools' schemas, the {@code --json} events).
 * Reading keeps the mapper's defaults: the first value only (trailing text is ignored), empty text is a missing node,
 * a repeated key keeps its last value, floating-point numbers are doubles. Node types a parser never makes (binary,
 * POJO) are refused when written. Thread-safe.
 */
public final class JsonTrees {

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonTrees() {}

    /** The first JSON value of {@code text}; a missing node when there is none. Malformed text throws with its place. */
    public static JsonNode read(String text) throws JsonProcessingException {
        try (JsonParser parser = FACTORY.createParser(text)) {
            JsonToken first = parser.nextToken();
            return first == null ? NODES.missingNode() : value(parser, first);
        } catch (JsonProcessingException e) {
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException("reading JSON from a string", e);
        }
    }

    private static JsonNode value(JsonParser parser, JsonToken token) throws IOException {
        if (token == null) {
            throw new JsonParseException(parser, "Unexpected end-of-input");
        }
        switch (token) {
            case START_OBJECT: {
                ObjectNode object = NODES.objectNode();
                for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
                    String name = parser.currentName();
                    object.set(name, value(parser, parser.nextToken()));
                }
                return object;
            }
            case START_ARRAY: {
                ArrayNode array = NODES.arrayNode();
                for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
                    array.add(value(parser, t));
                }
                return array;
            }
            case VALUE_STRING:
                return NODES.textNode(parser.getText());
            case VALUE_NUMBER_INT:
                switch (parser.getNumberType()) {
                    case INT:
                        return NODES.numberNode(parser.getIntValue());
                    case LONG:
                        return NODES.numberNode(parser.getLongValue());
                    default:
                        return NODES.numberNode(parser.getBigIntegerValue());
                }
            case VALUE_NUMBER_FLOAT:
                return NODES.numberNode(parser.getDoubleValue());
            case VALUE_TRUE:
                return NODES.booleanNode(true);
            case VALUE_FALSE:
                return NODES.booleanNode(false);
            case VALUE_NULL:
                return NODES.nullNode();
            default:
                throw new IllegalStateException("unexpected JSON token " + token + " at " + parser.currentLocation());
        }
    }

    /** {@code node} as compact JSON, as {@code JsonNode.toString()} writes it. */
    public static String compact(JsonNode node) {
        return write(node, false);
    }

    /** {@code node} as JSON with the default pretty printer, as {@code writerWithDefaultPrettyPrinter()} writes it. */
    public static String pretty(JsonNode node) {
        return write(node, true);
    }

    private static String write(JsonNode node, boolean pretty) {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(out)) {
            if (pretty) {
                generator.useDefaultPrettyPrinter();
            }
            write(generator, node);
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to a string", e);
        }
        return out.toString();
    }

    private static void write(JsonGenerator out, JsonNode node) throws IOException {
        switch (node.getNodeType()) {
            case OBJECT:
                out.writeStartObject();
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> field = it.next();
                    out.writeFieldName(field.getKey());
                    write(out, field.getValue());
                }
                out.writeEndObject();
                break;
            case ARRAY:
                out.writeStartArray();
                for (JsonNode element : node) {
                    write(out, element);
                }
                out.writeEndArray();
                break;
            case STRING:
                out.writeString(node.textValue());
                break;
            case NUMBER:
                switch (node.numberType()) {
                    case INT:
                        out.writeNumber(node.intValue());
                        break;
                    case LONG:
                        out.writeNumber(node.longValue());
                        break;
                    case BIG_INTEGER:
                        out.writeNumber(node.bigIntegerValue());
                        break;
                    case FLOAT:
                        out.writeNumber(node.floatValue());
                        break;
                    case DOUBLE:
                        out.writeNumber(node.doubleValue());
                        break;
                    default:
                        out.writeNumber(node.decimalValue());
                }
                break;
            case BOOLEAN:
                out.writeBoolean(node.booleanValue());
                break;
            case NULL:
                out.writeNull();
                break;
            default:
                throw new IllegalArgumentException("a " + node.getNodeType() + " node has no JSON text of its own");
        }
    }
}
