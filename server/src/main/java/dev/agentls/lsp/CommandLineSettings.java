package dev.agentls.lsp;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What the command line gives each session's settings: the settings flags as a section, which the editor's settings
 * are laid over key by key, and who must learn every API key variable the settings name (the command runner, so that
 * commands never inherit it). The key variable's name is passed, never its value.
 *
 * @param section          {@code {"llm": {...}, "agent": {...}}} from the flags; empty for none
 * @param keyVariableNamed told the value of {@code llm.apiKeyEnv} each time settings are taken into use
 */
public record CommandLineSettings(Map<String, Object> section, Consumer<String> keyVariableNamed) {

    public CommandLineSettings {
        section = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(section, "section")));
        Objects.requireNonNull(keyVariableNamed, "keyVariableNamed");
    }

    /** No flags, and nobody to tell. */
    public static CommandLineSettings none() {
        return new CommandLineSettings(Map.of(), name -> { });
    }
}
