package dev.agentls.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;

class ToolArgumentsTest {

    private static String refused(String json) {
        return assertInstanceOf(ToolArguments.Reading.Refused.class, ToolArguments.read(json)).reason();
    }

    @Test
    void acceptsOneObjectWithSpaceAroundIt() {
        var parsed = assertInstanceOf(ToolArguments.Reading.Parsed.class, ToolArguments.read(" {\"a\":[1,{}]}\n"));
        assertEquals("{\"a\":[1,{}]}", parsed.arguments().toString());
    }

    @Test
    void refusesTextAfterTheObjectWhetherJsonOrNot() {
        assertEquals("the arguments have text after the JSON object (from character 7); send one JSON object and"
                + " nothing else; the call was not run", refused("{\"a\":1} {\"b\":2}"));
        assertEquals("the arguments have text after the JSON object (from character 7); send one JSON object and"
                + " nothing else; the call was not run", refused("{\"a\":1}}"));
        assertEquals("the arguments have text after the JSON object (from character 7); send one JSON object and"
                + " nothing else; the call was not run", refused("{\"a\":1}; touch x"));
    }

    @Test
    void namesDepthAsDepthAndOtherKindsByTheirKind() {
        assertEquals("the arguments are a JSON array, not an object", refused("[".repeat(10_000) + "]".repeat(10_000)));
        assertEquals("the arguments nest deeper than 64 levels; send a flat object",
                refused("{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000)));
        assertEquals("the arguments are a JSON string, not an object", refused("\"x\""));
        assertEquals("the arguments are empty; send a JSON object", refused("  "));
    }

    @Test
    void namesThePlaceOfMalformedJson() {
        String reason = refused("{\"a\":\n tru}");
        assertEquals(true, reason.startsWith("the arguments are not valid JSON at line 2, column "), reason);
    }
}
