package dev.agentls.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dated price table shipped in {@code prices.json} beside this class: the providers' well-known models, its
 * sources and the day it was checked. The user's {@code agentls.llm.prices} is laid over it model by model.
 */
public record BuiltInPrices(String asOf, List<String> sources, PriceTable table) {

    static final String RESOURCE = "prices.json";

    /** The table parsed at its first use and kept for the process: it never changes while the process runs. */
    private static final class Shipped {
        static final BuiltInPrices TABLE = read();
    }

    /** The shipped table, parsed once per process. */
    public static BuiltInPrices shipped() {
        return Shipped.TABLE;
    }

    /**
     * Reads the shipped table with jackson-core's streaming parser: every process reads it, and a model call in a fresh
     * JVM loads no databind (FreshJvmFirstCallTest). A damaged table is a build defect, not a user's mistake, so it
     * throws.
     */
    static BuiltInPrices read() {
        try (InputStream in = BuiltInPrices.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the build");
            }
            try (JsonParser parser = new JsonFactory().createParser(in)) {
                String asOf = "";
                List<String> sources = new ArrayList<>();
                Map<String, ModelPrice> models = new LinkedHashMap<>();
                expect(parser.nextToken(), JsonToken.START_OBJECT);
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String field = parser.currentName();
                    JsonToken value = parser.nextToken();
                    switch (field) {
                        case "asOf" -> asOf = parser.getText();
                        case "sources" -> {
                            expect(value, JsonToken.START_ARRAY);
                            while (parser.nextToken() != JsonToken.END_ARRAY) {
                                sources.add(parser.getText());
                            }
                        }
                        case "models" -> {
                            expect(value, JsonToken.START_OBJECT);
                            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                                String model = parser.currentName();
                                expect(parser.nextToken(), JsonToken.START_OBJECT);
                                models.put(model, price(parser));
                            }
                        }
                        default -> parser.skipChildren();
                    }
                }
                return new BuiltInPrices(asOf, List.copyOf(sources), new PriceTable(models));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the built-in " + RESOURCE, e);
        }
    }

    /** One model's prices, the parser on its object's start; a missing cached price is the input price. */
    private static ModelPrice price(JsonParser parser) throws IOException {
        BigDecimal input = null;
        BigDecimal output = null;
        BigDecimal cached = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            switch (field) {
                case "input" -> input = parser.getDecimalValue();
                case "output" -> output = parser.getDecimalValue();
                case "cachedInput" -> cached = parser.getDecimalValue();
                default -> parser.skipChildren();
            }
        }
        if (input == null || output == null) {
            throw new IOException("a model without its input or output price");
        }
        return new ModelPrice(input, output, cached == null ? input : cached);
    }

    private static void expect(JsonToken found, JsonToken wanted) throws IOException {
        if (found != wanted) {
            throw new IOException("expected " + wanted + ", found " + found);
        }
    }
}
