package dev.agentls.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonTrees} reads and writes as databind's {@code ObjectMapper} does (the suite's reference), without one:
 * the same trees, the same text compact and pretty, the same refusals with the same place and reason.
 */
class JsonTreesTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static final List<String> TEXTS = List.of(
            "{\"a\":1,\"b\":[true,false,null],\"c\":{\"d\":\"e\"}}",
            "{\"text\":\"quote \\\" backslash \\\\ tab \\t newline \\n nul \\u0000 é 漢 😀 \\ud83d\\ude00\"}",
            "[0,-1,2147483647,2147483648,-9223372036854775808,9223372036854775808,123456789012345678901234567890]",
            "[1.5,-0.0,1e10,1.0E-7,3.141592653589793,1e400,12345678901234567890.5]",
            "{\"empty\":{},\"none\":[],\"nested\":[[[{}]]],\"\":\"empty key\"}",
            "{\"same\":1,\"same\":2}",
            "\"just a string\"", "42", "true", "null",
            "{\"a\":1} trailing text is ignored, as the mapper ignores it",
            "  \n {\"spaced\" : [ 1 , 2 ] }  ");

    @Test
    void readsTheSameTreesAsTheMapper() throws Exception {
        for (String text : TEXTS) {
            JsonNode ours = JsonTrees.read(text);
            JsonNode theirs = MAPPER.readTree(text);
            assertEquals(theirs, ours, text);
            assertEquals(theirs.getNodeType(), ours.getNodeType(), text);
        }
        assertTrue(JsonTrees.read("").isMissingNode(), "empty text");
        assertTrue(JsonTrees.read("  \n ").isMissingNode(), "blank text");
        assertEquals(MAPPER.readTree(""), JsonTrees.read(""));
    }

    @Test
    void writesTheSameTextAsTheMapperCompactAndPretty() throws Exception {
        for (String text : TEXTS) {
            JsonNode tree = MAPPER.readTree(text);
            assertEquals(tree.toString(), JsonTrees.compact(tree), text);
            assertEquals(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree), JsonTrees.pretty(tree),
                    text);
        }
        JsonNode built = MAPPER.createObjectNode().put("float", 1.25f).put("decimal", new java.math.BigDecimal("1.10"))
                .put("short", (short) 7);
        assertEquals(built.toString(), JsonTrees.compact(built));
    }

    @Test
    void refusesMalformedTextWithTheMappersPlaceAndReason() {
        for (String bad : List.of("{\"a\":", "{\"a\" 1}", "[1,2", "{\"a\":tru}", "{'a':1}", "[1,]x", "}",
                "{\"a\":\"unterminated")) {
            JsonProcessingException ours = assertThrows(JsonProcessingException.class, () -> JsonTrees.read(bad), bad);
            JsonProcessingException theirs = assertThrows(JsonProcessingException.class, () -> MAPPER.readTree(bad));
            assertEquals(theirs.getOriginalMessage(), ours.getOriginalMessage(), bad);
            assertEquals(theirs.getLocation().getLineNr(), ours.getLocation().getLineNr(), bad);
            assertEquals(theirs.getLocation().getColumnNr(), ours.getLocation().getColumnNr(), bad);
        }
    }

    @Test
    void refusesHostileNestingWithAnErrorNotAStackOverflow() {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        JsonProcessingException refused = assertThrows(JsonProcessingException.class, () -> JsonTrees.read(deep));
        assertTrue(refused.getOriginalMessage().contains("nesting depth"), refused.getOriginalMessage());
    }
}
