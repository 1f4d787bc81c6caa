package dev.agentls.llm;

import dev.agentls.config.LlmSettings;
import java.net.URI;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads the API key from the environment variable the settings name, at call time (so a key set after start-up, or
 * rotated, is used). A missing key is refused before any request, except for a loopback base URL: local servers
 * (Ollama, llama.cpp, LM Studio, {@code agentls replay-model}) usually want none, and then none is sent.
 */
final class ApiKeySource {

    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

    private final Function<String, String> environment;

    ApiKeySource(Function<String, String> environment) {
        this.environment = environment;
    }

    /** The key, or "" for a keyless loopback server. */
    String keyFor(LlmSettings settings) throws FailureException {
        String key = environment.apply(settings.apiKeyEnv());
        if (key != null && !key.isBlank()) {
            return key.strip();
        }
        if (isLoopback(settings.baseUrl())) {
            return "";
        }
        throw new FailureException(new ModelFailure.Unauthorized(0, "the environment variable "
                + settings.apiKeyEnv() + " (llm.apiKeyEnv) that should hold the API key is "
                + (key == null ? "not set" : "empty")));
    }

    private static boolean isLoopback(URI uri) {
        return uri.getHost() != null && LOOPBACK.contains(uri.getHost().toLowerCase(java.util.Locale.ROOT));
    }
}
