package dev.agentls.config;

import java.util.List;
import java.util.Map;

/**
 * Settings sections laid one over another, lowest first: objects merge key by key at every level, any other value of
 * a higher layer replaces the lower one's. The command line stacks its sources this way (defaults, then the user's
 * file, the project's file, the environment, {@code --settings FILE}, and the flags last, through
 * {@link SettingsFlags#parse(List, Object)}). A layer is a Jackson tree or plain maps; null is no layer.
 */
public final class SettingsLayers {

    /** Deeper than any settings key; a hostile file's nesting below it is kept as it is, not walked. */
    private static final int MAX_DEPTH = 8;

    private SettingsLayers() {}

    /** The layers merged, lowest first; null when every layer is null. */
    public static Object stack(List<?> layers) {
        Object merged = null;
        for (Object layer : layers) {
            merged = over(merged, layer, 0);
        }
        return merged;
    }

    private static Object over(Object base, Object top, int depth) {
        if (top == null) {
            return base;
        }
        if (base == null || depth >= MAX_DEPTH || JsonValues.kind(top) != JsonValues.Kind.OBJECT
                || JsonValues.kind(base) != JsonValues.Kind.OBJECT) {
            return top;
        }
        Map<String, Object> out = JsonValues.fields(base);
        for (Map.Entry<String, Object> field : JsonValues.fields(top).entrySet()) {
            out.put(field.getKey(), over(out.get(field.getKey()), field.getValue(), depth + 1));
        }
        return out;
    }
}
