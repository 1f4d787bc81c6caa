package dev.agentls.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dated price table shipped in {@code prices.json} beside this class: the providers' well-known models, its
 * sources and the day it was checked. The user's {@code agentls.llm.prices} is laid over it model by model.
 */
public record BuiltInPrices(String asOf, List<String> sources, PriceTable table) {

    static final String RESOURCE = "prices.json";

    /** Reads the shipped table; a damaged one is a build defect, not a user's mistake, so it throws. */
    public static BuiltInPrices read() {
        try (InputStream in = BuiltInPrices.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the build");
            }
            JsonNode root = new ObjectMapper().readTree(in);
            Map<String, ModelPrice> models = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = root.get("models").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> model = it.next();
                BigDecimal input = model.getValue().get("input").decimalValue();
                JsonNode cached = model.getValue().get("cachedInput");
                models.put(model.getKey(), new ModelPrice(input, model.getValue().get("output").decimalValue(),
                        cached == null ? input : cached.decimalValue()));
            }
            List<String> sources = new java.util.ArrayList<>();
            root.get("sources").forEach(s -> sources.add(s.asText()));
            return new BuiltInPrices(root.get("asOf").asText(), List.copyOf(sources), new PriceTable(models));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the built-in " + RESOURCE, e);
        }
    }
}
