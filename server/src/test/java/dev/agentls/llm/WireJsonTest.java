package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The model wire's JSON: what it reads, what it refuses and why, and objects written back as the model wrote them. */
class WireJsonTest {

    private final ObjectMapper json = WireJson.mapper();

    private String refusal(String text) {
        IOException e = assertThrows(IOException.class, () -> json.readTree(text));
        return WireJson.describe(e);
    }

    @Test
    void copiesAnObjectCompactWithNumbersAndEscapesAsWritten() {
        String text = "{ \"a\": [1, 2.50, 1e2, 123456789012345678901234567890], \"b\": {\"c\": null, \"d\": true},"
                + " \"e\": \"q\\\"\\\\\\n\\u0000\\ud83d\\ude00\" }";
        assertEquals(Optional.of("{\"a\":[1,2.50,1e2,123456789012345678901234567890],\"b\":{\"c\":null,\"d\":true},"
                + "\"e\":\"q\\\"\\\\\\n\\u0000\ud83d\ude00\"}"), WireJson.compactObject(json, text));
    }

    @Test
    void onlyOneWholeObjectIsCopied() {
        assertEquals(Optional.of("{}"), WireJson.compactObject(json, " {} "));
        for (String notOne : new String[] {"", "  \n", "[1]", "\"s\"", "{\"a\":1} {\"b\":2}", "{\"a\":1} trailing",
                "{\"n\":", "{a:1}"}) {
            assertEquals(Optional.empty(), WireJson.compactObject(json, notOne), notOne);
        }
    }

    @Test
    void copiesTheValueAtAPointerAsWrittenAndNothingWhenItIsAbsent() {
        String chunk = "{\"choices\":[{\"delta\":{\"tool_calls\":[{\"function\":{\"arguments\":\"x\"}},"
                + "{\"function\":{\"arguments\":{\"n\": 1e2, \"f\": [0.10]}}}]}}]}";
        JsonPointer second = JsonPointer.compile("/choices/0/delta/tool_calls/1/function/arguments");
        assertEquals(Optional.of("{\"n\":1e2,\"f\":[0.10]}"), WireJson.compactAt(json, chunk, second));
        assertEquals(Optional.empty(), WireJson.compactAt(json, chunk, JsonPointer.compile("/choices/1")));
    }

    @Test
    void readsTreesKeepingAFractionsDigitsAndTheLastOfARepeatedMember() throws IOException {
        JsonNode node = json.readTree("{\"k\":\"first\",\"k\":\"second\",\"f\":2.50}");
        assertEquals("second", node.path("k").asText());
        assertEquals("{\"k\":\"second\",\"f\":2.50}", json.writeValueAsString(node));
        assertTrue(json.readTree("  \n").isMissingNode(), "blank text is no value");
    }

    @Test
    void refusesTextAfterTheValue() {
        String why = refusal("{\"a\":1} {\"b\":2}");
        assertTrue(why.contains("Trailing token (of type START_OBJECT)"), why);
    }

    @Test
    void refusesCutAndMalformedTextWithTheParsersReason() {
        assertTrue(refusal("{\"a\":[1,2").contains("end-of-input"), refusal("{\"a\":[1,2"));
        assertTrue(refusal("{a:1}").contains("was expecting double-quote to start field name"), refusal("{a:1}"));
    }

    @Test
    void refusesARawNulInAStringNamingTheControlCharacter() {
        String why = refusal("{\"a\":\"x\u0000y\"}");
        assertTrue(why.contains("CTRL-CHAR, code 0"), why);
    }

    @Test
    void readsNestingUpToTheDepthLimitAndRefusesOneLevelMoreWithoutOverflowingTheStack() throws IOException {
        int limit = WireJson.MAX_DEPTH;
        assertTrue(json.readTree("[".repeat(limit) + "]".repeat(limit)).isArray());
        String why = refusal("[".repeat(limit + 1) + "]".repeat(limit + 1));
        assertTrue(why.contains("nesting depth (" + (limit + 1) + ") exceeds the maximum allowed (" + limit), why);
        assertTrue(refusal("[".repeat(100_000) + "]".repeat(100_000)).contains("nesting depth"));
        assertEquals(Optional.empty(), WireJson.compactObject(json, "{\"a\":" + "[".repeat(limit) + "]".repeat(limit)
                + "}"), "the copy keeps the limit too");
    }

    @Test
    void readsANumberUpToTheLengthLimitAndRefusesALongerOne() throws IOException {
        int limit = WireJson.MAX_NUMBER_CHARS;
        assertTrue(json.readTree("{\"n\":" + "9".repeat(limit) + "}").path("n").isBigInteger());
        String why = refusal("{\"n\":" + "9".repeat(limit + 1) + "}");
        assertTrue(why.contains("Number value length (" + (limit + 1) + ") exceeds the maximum allowed (" + limit), why);
    }

    @Test
    void readsAccessorsAsTheDecodersExpect() throws IOException {
        JsonNode v = json.readTree("{\"s\":\"12\",\"f\":3.9,\"big\":18446744073709551617,\"t\":true,\"n\":null}");
        assertEquals(12, v.path("s").asLong(-1));
        assertEquals(3, v.path("f").asLong(-1));
        assertEquals(1, v.path("big").asLong(-1), "wraps as BigInteger.longValue does");
        assertEquals(-1, v.path("absent").asLong(-1));
        assertEquals("fallback", v.path("n").asText("fallback"));
        assertEquals("fallback", v.path("absent").asText("fallback"));
        assertEquals("3.9", v.path("f").asText());
    }
}
