package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The streaming JSON the clients read chunks and error bodies with, and write request bodies with. */
class JsonCodecTest {

    private final JsonCodec json = new JsonCodec();

    @Test
    void readsAnObjectAndWritesItBackCompactWithNumbersAsWritten() throws IOException {
        String text = "{ \"a\": [1, 2.50, 1e2, 123456789012345678901234567890], \"b\": {\"c\": null, \"d\": true},"
                + " \"e\": \"q\\\"\\\\\\n\\u0000\\ud83d\\ude00\" }";
        JsonValue value = json.read(text);
        assertEquals("{\"a\":[1,2.50,1e2,123456789012345678901234567890],\"b\":{\"c\":null,\"d\":true},"
                + "\"e\":\"q\\\"\\\\\\n\\u0000\ud83d\ude00\"}", json.write(value));
        assertEquals("q\"\\\n\u0000\ud83d\ude00", value.path("e").asText());
        assertEquals(List.of("a", "b", "e"), List.copyOf(((JsonValue.Obj) value).members().keySet()));
    }

    @Test
    void aRepeatedMemberKeepsItsLastValue() throws IOException {
        assertEquals("second", json.read("{\"k\":\"first\",\"k\":\"second\"}").path("k").asText());
    }

    @Test
    void emptyTextIsMissingAndNotAnObject() throws IOException {
        assertInstanceOf(JsonValue.Missing.class, json.read("  \n"));
        assertFalse(json.isObject(""));
        assertFalse(json.isObject("[1]"));
        assertTrue(json.isObject("{}"));
    }

    @Test
    void refusesTextAfterTheValueNamingWhatCame() {
        IOException e = assertThrows(IOException.class, () -> json.read("{\"a\":1} {\"b\":2}"));
        assertTrue(JsonCodec.describe(e).startsWith("unexpected '{' after the JSON value"), JsonCodec.describe(e));
        assertFalse(json.isObject("{\"a\":1} trailing"));
    }

    @Test
    void refusesCutAndMalformedTextWithTheParsersReason() {
        IOException cut = assertThrows(IOException.class, () -> json.read("{\"a\":[1,2"));
        assertTrue(JsonCodec.describe(cut).contains("end-of-input"), JsonCodec.describe(cut));
        IOException bad = assertThrows(IOException.class, () -> json.read("{a:1}"));
        assertTrue(JsonCodec.describe(bad).contains("was expecting double-quote to start field name"),
                JsonCodec.describe(bad));
    }

    @Test
    void refusesNestingPastJacksonsDepthLimitWithoutOverflowingTheStack() {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        IOException e = assertThrows(IOException.class, () -> json.read(deep));
        assertTrue(JsonCodec.describe(e).contains("nesting depth"), JsonCodec.describe(e));
    }

    @Test
    void refusesANumberPastJacksonsLengthLimit() {
        String huge = "{\"n\":" + "9".repeat(5000) + "}";
        IOException e = assertThrows(IOException.class, () -> json.read(huge));
        assertTrue(JsonCodec.describe(e).contains("Number value length"), JsonCodec.describe(e));
    }

    @Test
    void accessorsReadLenientlyAsTheDecodersExpect() throws IOException {
        JsonValue v = json.read("{\"s\":\"12\",\"f\":3.9,\"big\":18446744073709551617,\"t\":true,\"n\":null,"
                + "\"arr\":[\"x\"]}");
        assertEquals(12, v.path("s").asLong(-1));
        assertEquals(3, v.path("f").asLong(-1));
        assertEquals(1, v.path("big").asLong(-1), "wraps as BigInteger.longValue does");
        assertEquals(1, v.path("t").asLong(-1));
        assertEquals(-1, v.path("n").asLong(-1));
        assertEquals(-1, v.path("absent").asLong(-1));
        assertEquals("fallback", v.path("n").asText("fallback"));
        assertEquals("fallback", v.path("absent").asText("fallback"));
        assertEquals("null", v.path("n").asText());
        assertEquals("", v.path("arr").asText("fallback"));
        assertEquals("3.9", v.path("f").asText());
        assertTrue(v.hasNonNull("s"));
        assertFalse(v.hasNonNull("n"));
        assertTrue(v.has("n"));
        assertNull(v.get("absent"));
        assertEquals("x", v.path("arr").get(0).asText());
        assertNull(v.path("arr").get(1));
        assertTrue(v.path("big").isIntegralNumber());
        assertFalse(v.path("f").isIntegralNumber());
        assertEquals("null", v.path("n").kind());
        assertEquals("missing", v.path("absent").kind());
        assertEquals("array", v.path("arr").kind());
    }
}
