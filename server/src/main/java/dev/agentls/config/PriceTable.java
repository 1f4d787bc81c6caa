package dev.agentls.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Prices by model name: the built-in table under the user's. A model missing from the table has no known cost (not
 * zero).
 */
public record PriceTable(Map<String, ModelPrice> byModel) {

    private static final Pattern DATED = Pattern.compile("(.+?)-(?:\\d{4}-\\d{2}-\\d{2}|\\d{8})");

    public static final PriceTable EMPTY = new PriceTable(Map.of());

    public PriceTable {
        byModel = Map.copyOf(byModel);
    }

    /**
     * The price of this model, if configured: by its exact name, else by the name without a date suffix
     * ({@code gpt-4o-2024-08-06}, {@code claude-sonnet-4-5-20250929}), the providers' snapshots of one model.
     */
    public Optional<ModelPrice> forModel(String model) {
        ModelPrice exact = byModel.get(model);
        if (exact != null) {
            return Optional.of(exact);
        }
        Matcher dated = DATED.matcher(model);
        return dated.matches() ? Optional.ofNullable(byModel.get(dated.group(1))) : Optional.empty();
    }

    /** This table with {@code over}'s models laid over it: a model in both takes {@code over}'s price. */
    public PriceTable under(PriceTable over) {
        Map<String, ModelPrice> merged = new LinkedHashMap<>(byModel);
        merged.putAll(over.byModel);
        return new PriceTable(merged);
    }
}
