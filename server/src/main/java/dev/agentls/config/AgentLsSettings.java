package dev.agentls.config;

import java.util.Objects;

/** All of the {@code agentls} settings section, parsed once. Build it with {@link SettingsParser}. */
public record AgentLsSettings(LlmSettings llm, AgentSettings agent, McpSettings mcp, EditorSettings editor) {

    public AgentLsSettings {
        Objects.requireNonNull(llm, "llm");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(mcp, "mcp");
        Objects.requireNonNull(editor, "editor");
    }

    /** The model's and the agent's settings, with the MCP client's defaults (no servers from settings, a 60 s timeout)
     * and the editor's. */
    public AgentLsSettings(LlmSettings llm, AgentSettings agent) {
        this(llm, agent, McpSettings.DEFAULTS, EditorSettings.DEFAULTS);
    }

    /** The settings in force when the client sends none: OpenAI-compatible, native tools. */
    public static AgentLsSettings defaults() {
        return new AgentLsSettings(LlmSettings.defaults(Provider.OPENAI), AgentSettings.DEFAULTS);
    }
}
