package dev.agentls.agent;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.conversation.JsonTrees;
import dev.agentls.tools.ToolSet;
import java.io.IOException;

/**
 * Reads a tool call's arguments: exactly one JSON object and nothing after it. Anything else is refused with the
 * reason the model can act on: malformed JSON (with its place), another kind of value, text after the object (a
 * call that would otherwise run on half of what the model wrote), or nesting deeper than {@value #MAX_DEPTH}.
 */
final class ToolArguments {

    /** Deeper than any tool's schema goes; deeper nesting is a model looping, not arguments. */
    static final int MAX_DEPTH = 64;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build()).build();

    private ToolArguments() {}

    /** What was read: the object, or why there is none. */
    sealed interface Reading {
        record Parsed(ObjectNode arguments) implements Reading {}

        record Refused(String reason) implements Reading {}
    }

    static Reading read(String json) {
        if (json.length() > ToolSet.MAX_ARGUMENT_CHARS) {
            // Never parsed: a huge call costs one length test (CallCheck refuses it with the sizes).
            return new Reading.Refused("the arguments are " + json.length() + " characters long; the limit is "
                    + ToolSet.MAX_ARGUMENT_CHARS);
        }
        try (JsonParser parser = FACTORY.createParser(json)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return new Reading.Refused("the arguments are empty; send a JSON object");
            }
            if (first != JsonToken.START_OBJECT) {
                return new Reading.Refused("the arguments are a JSON " + kind(first) + ", not an object");
            }
            parser.skipChildren();
            long end = parser.currentLocation().getCharOffset();
            if (parser.nextToken() != null) {
                return trailing(end);
            }
        } catch (StreamConstraintsException e) {
            return new Reading.Refused("the arguments nest deeper than " + MAX_DEPTH + " levels; send a flat object");
        } catch (JsonProcessingException e) {
            return malformedOrTrailing(json, e);
        } catch (IOException e) {
            return new Reading.Refused("the arguments could not be read: " + e.getMessage());
        }
        try {
            JsonNode tree = JsonTrees.read(json);
            return new Reading.Parsed((ObjectNode) tree);
        } catch (IOException e) {
            return new Reading.Refused("the arguments are not valid JSON");
        }
    }

    /** A parse error after a whole object is trailing text; before it, malformed JSON with its place. */
    private static Reading malformedOrTrailing(String json, JsonProcessingException e) {
        long objectEnd = endOfFirstObject(json);
        if (objectEnd >= 0) {
            return trailing(objectEnd);
        }
        var at = e.getLocation();
        String place = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        return new Reading.Refused("the arguments are not valid JSON" + place + ": " + e.getOriginalMessage());
    }

    private static Reading trailing(long objectEnd) {
        return new Reading.Refused("the arguments have text after the JSON object (from character " + objectEnd
                + "); send one JSON object and nothing else; the call was not run");
    }

    /** Where the first top-level object ends when it is whole, else -1. */
    private static long endOfFirstObject(String json) {
        try (JsonParser parser = FACTORY.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return -1;
            }
            parser.skipChildren();
            return parser.currentLocation().getCharOffset();
        } catch (IOException e) {
            return -1;
        }
    }

    private static String kind(JsonToken token) {
        return switch (token) {
            case START_ARRAY -> "array";
            case VALUE_STRING -> "string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number";
            case VALUE_TRUE, VALUE_FALSE -> "boolean";
            case VALUE_NULL -> "null";
            default -> "value";
        };
    }
}
