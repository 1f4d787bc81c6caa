package dev.agentls.config;

import java.net.URI;
import java.util.Optional;

/**
 * The wire protocols AgentLS speaks, each with the defaults used when a setting is absent. {@code openai} is the
 * OpenAI-compatible Chat Completions protocol (OpenAI, DeepSeek, Qwen, Ollama, vLLM, llama.cpp, LM Studio);
 * {@code anthropic} is the Anthropic Messages protocol.
 */
public enum Provider {
    OPENAI("openai", URI.create("https://api.openai.com/v1"), "OPENAI_API_KEY", "gpt-4o"),
    ANTHROPIC("anthropic", URI.create("https://api.anthropic.com"), "ANTHROPIC_API_KEY", "claude-sonnet-4-5");

    private final String id;
    private final URI defaultBaseUrl;
    private final String defaultApiKeyEnv;
    private final String defaultModel;

    Provider(String id, URI defaultBaseUrl, String defaultApiKeyEnv, String defaultModel) {
        this.id = id;
        this.defaultBaseUrl = defaultBaseUrl;
        this.defaultApiKeyEnv = defaultApiKeyEnv;
        this.defaultModel = defaultModel;
    }

    /** The name used in settings and on the command line. */
    public String id() {
        return id;
    }

    /**
     * The base URL used when {@code llm.baseUrl} is absent. For {@code openai} it already ends in {@code /v1} (the
     * client appends {@code /chat/completions}); for {@code anthropic} the client appends {@code /v1/messages}.
     */
    public URI defaultBaseUrl() {
        return defaultBaseUrl;
    }

    /** The environment variable read for the key when {@code llm.apiKeyEnv} is absent. */
    public String defaultApiKeyEnv() {
        return defaultApiKeyEnv;
    }

    /** The model used when {@code llm.model} is absent. */
    public String defaultModel() {
        return defaultModel;
    }

    /** The provider with this settings name, exactly (lower case). */
    public static Optional<Provider> byId(String id) {
        for (Provider p : values()) {
            if (p.id.equals(id)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
