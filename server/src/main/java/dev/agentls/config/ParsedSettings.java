package dev.agentls.config;

import java.util.List;
import java.util.Objects;

/**
 * A successful parse: the settings and the warnings about keys that were ignored (unknown keys are tolerated so a
 * newer client does not break an older server). Show the warnings to the user; they never contain a secret.
 */
public record ParsedSettings(AgentLsSettings settings, List<String> warnings) {

    public ParsedSettings {
        Objects.requireNonNull(settings, "settings");
        warnings = List.copyOf(warnings);
    }
}
