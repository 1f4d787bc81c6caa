package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Test;

/** The id of a body that does not parse: found where it is complete, never guessed. */
class TopLevelIdTest {

    @Test
    void findsAStringOrNumberIdBeforeTheBrokenPart() {
        assertEquals(Optional.of(Either.forLeft("a\"b")), TopLevelId.find("{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"b\",\"params\":{"));
        assertEquals("12.5", TopLevelId.find("{\"id\" : 12.5 , \"method\":").orElseThrow().getRight().toString());
    }

    @Test
    void skipsADeeplyNestedValueBeforeTheId() {
        String deep = "[".repeat(5000) + "\"]\"" + "]".repeat(5000);
        assertEquals(Optional.of(Either.forRight(7)), TopLevelId.find("{\"params\":" + deep + ",\"id\":7}")
                .map(id -> Either.<String, Number>forRight(id.getRight().intValue())));
    }

    @Test
    void findsNothingInANestedIdAnArrayIdOrACutId() {
        assertEquals(Optional.empty(), TopLevelId.find("{\"params\":{\"id\":3},\"method\":"));
        assertEquals(Optional.empty(), TopLevelId.find("{\"id\":[1],\"method\":\"x\"}"));
        assertEquals(Optional.empty(), TopLevelId.find("{\"id\":\"unterminated"));
        assertEquals(Optional.empty(), TopLevelId.find("{\"id\":12abc,"));
        assertEquals(Optional.empty(), TopLevelId.find("[{\"id\":1}]"));
    }
}
