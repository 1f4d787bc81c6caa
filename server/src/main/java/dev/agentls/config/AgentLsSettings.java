package dev.agentls.config;

import java.util.Objects;

/** All of the {@code agentls} settings section, parsed once. Build it with {@link SettingsParser}. */
public record AgentLsSettings(LlmSettings llm, AgentSettings agent) {

    public AgentLsSettings {
        Objects.requireNonNull(llm, "llm");
        Objects.requireNonNull(agent, "agent");
    }

    /** The settings in force when the client sends none: OpenAI-compatible, native tools. */
    public static AgentLsSettings defaults() {
        return new AgentLsSettings(LlmSettings.defaults(Provider.OPENAI), AgentSettings.DEFAULTS);
    }
}
