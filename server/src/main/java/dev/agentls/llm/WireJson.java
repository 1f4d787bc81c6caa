package dev.agentls.llm;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.filter.FilteringParserDelegate;
import com.fasterxml.jackson.core.filter.JsonPointerBasedFilter;
import com.fasterxml.jackson.core.filter.TokenFilter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Optional;

/**
 * The JSON settings of the model wire, on Jackson: one mapper for the process, read limits that keep a hostile stream
 * from costing memory or stack, and a copy that writes an object back with its numbers as the model wrote them.
 */
final class WireJson {

    /** Deeper than any chunk, schema or tool call nests; deeper is a hostile or looping stream. */
    static final int MAX_DEPTH = 1000;
    /** Digits of one number: past any token count or id. */
    static final int MAX_NUMBER_CHARS = 1000;
    /** One string of a chunk or body: far past any delta, and below what a run could hold in memory. */
    static final int MAX_STRING_CHARS = 20_000_000;

    /**
     * Refuses text after the value (a chunk half read is never delivered), keeps a fraction's digits ({@code 2.50}
     * stays {@code 2.50}). Configured here once and never reconfigured, so sharing it between threads is safe.
     */
    private static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH)
                            .maxNumberLength(MAX_NUMBER_CHARS).maxStringLength(MAX_STRING_CHARS).build())
                    .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private WireJson() {}

    /** The process's mapper for the model wire. */
    static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * {@code text} as compact JSON when it is one object and nothing after it, numbers as written ({@code 1e2} stays
     * {@code 1e2}, which a tree would write {@code 1E+2}); empty for anything else.
     */
    static Optional<String> compactObject(ObjectMapper json, String text) {
        try (JsonParser parser = json.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            String copy = copy(json, parser);
            return parser.nextToken() == null ? Optional.of(copy) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The value at {@code pointer} in {@code text}, compact, numbers as written; empty when there is none. */
    static Optional<String> compactAt(ObjectMapper json, String text, JsonPointer pointer) {
        try (JsonParser parser = new FilteringParserDelegate(json.createParser(text),
                new JsonPointerBasedFilter(pointer), TokenFilter.Inclusion.ONLY_INCLUDE_ALL, false)) {
            return parser.nextToken() == null ? Optional.empty() : Optional.of(copy(json, parser));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** What a read failure says, without the parser's source excerpt (which may be long, or hold a secret). */
    static String describe(IOException e) {
        String message = e instanceof JsonProcessingException p ? p.getOriginalMessage() : e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }

    /** The value the parser is on, written compact with each number's own text. */
    private static String copy(ObjectMapper json, JsonParser parser) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = json.createGenerator(out)) {
            int depth = 0;
            do {
                JsonToken token = parser.currentToken();
                if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
                    generator.writeNumber(parser.getText());
                } else {
                    generator.copyCurrentEvent(parser);
                }
                if (token.isStructStart()) {
                    depth++;
                } else if (token.isStructEnd()) {
                    depth--;
                }
            } while (depth > 0 && parser.nextToken() != null);
            if (depth > 0) {
                throw new IOException("unexpected end of input");
            }
        }
        return out.toString();
    }
}
