package dev.agentls.config;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/**
 * Which request field carries the output limit in the OpenAI-compatible protocol. OpenAI's own API wants
 * {@code max_completion_tokens} and its reasoning models refuse {@code max_tokens}; the compatible servers (Ollama,
 * vLLM, llama.cpp, LM Studio, DeepSeek, Qwen) take {@code max_tokens}, and some of them do not know the newer name.
 * {@code auto} picks by the base URL's host. Anthropic's Messages API always takes {@code max_tokens}.
 */
public enum MaxTokensField {
    AUTO("auto"),
    MAX_TOKENS("max_tokens"),
    MAX_COMPLETION_TOKENS("max_completion_tokens");

    /** The host whose API wants {@code max_completion_tokens} under {@code auto}. */
    public static final String OPENAI_HOST = "api.openai.com";

    private final String id;

    MaxTokensField(String id) {
        this.id = id;
    }

    /** The name used in settings; for the two fields, also the JSON field name sent. */
    public String id() {
        return id;
    }

    /** The field with this settings name, exactly (lower case). */
    public static Optional<MaxTokensField> byId(String id) {
        for (MaxTokensField f : values()) {
            if (f.id.equals(id)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /**
     * The field to send to {@code baseUrl}: this one when chosen explicitly; for {@code auto},
     * {@code max_completion_tokens} when the host is {@value #OPENAI_HOST} or one of its regional names
     * ({@code eu.api.openai.com}), and {@code max_tokens} anywhere else.
     */
    public MaxTokensField resolve(URI baseUrl) {
        if (this != AUTO) {
            return this;
        }
        String host = baseUrl.getHost() == null ? "" : baseUrl.getHost().toLowerCase(Locale.ROOT);
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        boolean openAi = host.equals(OPENAI_HOST) || host.endsWith("." + OPENAI_HOST);
        return openAi ? MAX_COMPLETION_TOKENS : MAX_TOKENS;
    }
}
