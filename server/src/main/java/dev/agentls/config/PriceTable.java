package dev.agentls.config;

import java.util.Map;
import java.util.Optional;

/** Prices by exact model name, as configured. A model missing from the table has no known cost (not zero). */
public record PriceTable(Map<String, ModelPrice> byModel) {

    public static final PriceTable EMPTY = new PriceTable(Map.of());

    public PriceTable {
        byModel = Map.copyOf(byModel);
    }

    /** The price of this model, if configured. */
    public Optional<ModelPrice> forModel(String model) {
        return Optional.ofNullable(byModel.get(model));
    }
}
