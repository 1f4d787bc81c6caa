package dev.agentls.config;

import java.util.Objects;

/** All of the {@code agentls} settings section, parsed once. Build it with {@link SettingsParser}. */
public record AgentLsSettings(LlmSettings llm, AgentSettings agent, EditorSettings editor) {

    public AgentLsSettings {
        Objects.requireNonNull(llm, "llm");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(editor, "editor");
    }

    /** The model's and the agent's settings, the editor's defaults. */
    public AgentLsSettings(LlmSettings llm, AgentSettings agent) {
        this(llm, agent, EditorSettings.DEFAULTS);
    }

    /** The settings in force when the client sends none: OpenAI-compatible, native tools. */
    public static AgentLsSettings defaults() {
        return new AgentLsSettings(LlmSettings.defaults(Provider.OPENAI), AgentSettings.DEFAULTS);
    }
}
