package dev.agentls.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.junit.jupiter.api.Test;

class JsonKindsTest {

    private final JsonNodeFactory json = JsonNodeFactory.instance;

    @Test
    void eachKindOfValueReadsAsAnErrorMessageNamesIt() {
        assertEquals("an array", JsonKinds.of(json.arrayNode()));
        assertEquals("an object", JsonKinds.of(json.objectNode()));
        assertEquals("a string", JsonKinds.of(json.textNode("x")));
        assertEquals("a number", JsonKinds.of(json.numberNode(1.5)));
        assertEquals("a boolean", JsonKinds.of(json.booleanNode(false)));
        assertEquals("null", JsonKinds.of(json.nullNode()));
        assertEquals("binary", JsonKinds.of(json.binaryNode(new byte[] {1})));
    }
}
