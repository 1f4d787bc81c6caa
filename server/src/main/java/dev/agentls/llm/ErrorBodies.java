package dev.agentls.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.Optional;

/**
 * Reads the message out of a provider's error body. Providers disagree: OpenAI and Anthropic nest
 * {@code {"error": {"message", "type"}}}, Ollama sends {@code {"error": "text"}}, vLLM and FastAPI servers
 * {@code {"detail": ...}}, others {@code {"message": ...}} or plain text. The first that fits wins; plain text is
 * cut to a readable length.
 */
final class ErrorBodies {

    private static final int MAX_TEXT = 500;

    private ErrorBodies() {}

    /**
     * What the provider said: its message, its error type or code ("" when none), and the HTTP status it named inside
     * the body (0 when none): an error chunk in a stream that already answered 200 carries its real status there
     * ({@code "code": 400} on OpenRouter, {@code "status_code": 400} on Groq).
     */
    record ProviderError(String message, String type, int status) {

        ProviderError(String message, String type) {
            this(message, type, 0);
        }
    }

    static ProviderError read(ObjectMapper json, String body) {
        try {
            JsonNode root = json.readTree(body);
            if (root.isObject()) {
                JsonNode error = root.get("error");
                if (error != null && error.isObject()) {
                    return new ProviderError(text(json, error.get("message"), body),
                            error.path("type").asText(error.path("code").asText("")),
                            statusIn(error.get("code"), error.get("status_code"), root.get("status_code")));
                }
                if (error != null && error.isTextual()) {
                    return new ProviderError(shorten(error.asText()), "");
                }
                for (String field : new String[] {"detail", "message"}) {
                    if (root.has(field)) {
                        return new ProviderError(text(json, root.get(field), body), root.path("type").asText(""));
                    }
                }
            }
        } catch (java.io.IOException | RuntimeException notJson) {
            // plain text below
        }
        return new ProviderError(shorten(body.strip()), "");
    }

    /**
     * The failure for an error body: the HTTP status of the response, or for an error inside a stream (status 0) the
     * status the body names, so a 4xx error chunk is a refused request rather than a retriable server error.
     */
    static ModelFailure forError(int status, ProviderError error, Optional<Duration> retryAfter) {
        return forStatus(status == 0 ? error.status() : status, error.message(), error.type(), retryAfter);
    }

    /** The failure for an HTTP status (0 for an error inside the stream, classified by its type then). */
    static ModelFailure forStatus(int status, String message, String type, Optional<Duration> retryAfter) {
        String t = type.toLowerCase(java.util.Locale.ROOT);
        if (status == 401 || status == 403 || t.contains("authentication") || t.contains("permission")) {
            return new ModelFailure.Unauthorized(status == 0 ? 401 : status, message);
        }
        if (status == 429 || t.contains("rate_limit")) {
            return new ModelFailure.RateLimited(retryAfter, message);
        }
        if (status >= 500 || t.contains("overloaded") || t.equals("api_error") || t.contains("server")) {
            return new ModelFailure.ServerError(status == 0 && t.contains("overloaded") ? 529 : status, message);
        }
        if (status == 0 && !t.contains("invalid_request")) {
            return new ModelFailure.ServerError(0, message);
        }
        return new ModelFailure.BadRequest(status == 0 ? 400 : status, message);
    }

    /** The first of {@code candidates} that is an HTTP error status (400-599), else 0. */
    private static int statusIn(JsonNode... candidates) {
        for (JsonNode node : candidates) {
            if (node != null && node.isIntegralNumber() && node.asInt() >= 400 && node.asInt() <= 599) {
                return node.asInt();
            }
        }
        return 0;
    }

    static String shorten(String text) {
        return text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT) + "... (" + text.length() + " chars)";
    }

    private static String text(ObjectMapper json, JsonNode node, String body) throws JsonProcessingException {
        if (node == null || node.isNull()) {
            return shorten(body.strip());
        }
        return shorten(node.isTextual() ? node.asText() : json.writeValueAsString(node));
    }
}
