package dev.agentls.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The common settings as environment variables ({@code AGENTLS_MODEL=...}), as a settings section to lay between the
 * settings files and the command line's flags. An empty variable counts as unset, as shells leave them.
 */
public final class EnvironmentSettings {

    /** Variable name to the settings key it sets, below {@code agentls}. */
    private static final Map<String, String> VARIABLES = variables();

    private EnvironmentSettings() {}

    /** The variables and their settings keys, for help and documentation. */
    public static Map<String, String> known() {
        return VARIABLES;
    }

    /** The section the set variables make ({@code {"llm": {"model": "..."}}}); empty when none is set. */
    public static Map<String, Object> section(Map<String, String> environment) {
        Map<String, Object> section = new LinkedHashMap<>();
        for (Map.Entry<String, String> variable : VARIABLES.entrySet()) {
            String value = environment.get(variable.getKey());
            if (value == null || value.isEmpty()) {
                continue;
            }
            String[] path = variable.getValue().split("\\.");
            Map<String, Object> target = section;
            for (int i = 0; i < path.length - 1; i++) {
                @SuppressWarnings("unchecked")
                Map<String, Object> inner = (Map<String, Object>) target.computeIfAbsent(path[i],
                        k -> new LinkedHashMap<String, Object>());
                target = inner;
            }
            target.put(path[path.length - 1], value);
        }
        return section;
    }

    /** For each key a set variable gives ({@code agentls.llm.model}), the variable's name, for error messages. */
    public static Map<String, String> names(Map<String, String> environment) {
        Map<String, String> names = new LinkedHashMap<>();
        VARIABLES.forEach((variable, key) -> {
            String value = environment.get(variable);
            if (value != null && !value.isEmpty()) {
                names.put(SettingsParser.ROOT + "." + key, variable);
            }
        });
        return names;
    }

    private static Map<String, String> variables() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("AGENTLS_PROVIDER", "llm.provider");
        v.put("AGENTLS_BASE_URL", "llm.baseUrl");
        v.put("AGENTLS_MODEL", "llm.model");
        v.put("AGENTLS_API_KEY_ENV", "llm.apiKeyEnv");
        v.put("AGENTLS_TOOL_MODE", "llm.toolMode");
        v.put("AGENTLS_CONTEXT_WINDOW", "llm.contextWindow");
        v.put("AGENTLS_MAX_OUTPUT_TOKENS", "llm.maxOutputTokens");
        v.put("AGENTLS_REASONING_EFFORT", "llm.reasoningEffort");
        v.put("AGENTLS_MAX_COST", "agent.maxCost");
        v.put("AGENTLS_MAX_ITERATIONS", "agent.maxIterations");
        return Collections.unmodifiableMap(v);
    }
}
