package dev.agentls.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the terminal adds under a failed model call: the address the call went to and, for the common set-up
 * mistakes, what to check (an HTML page or a 404 from a base URL without {@code /v1}, a 401 and the key variable, a
 * refused connection and the server). It only reads the error's text: it never changes what the run does.
 */
record ModelErrorHint(String baseUrl, String keyVariable, boolean anthropic) {

    /** No endpoint known (a test, a view without a model): no address line, the hints still apply. */
    static final ModelErrorHint NONE = new ModelErrorHint("", "", false);

    /** An OpenAI-compatible endpoint: the base URL ends with {@code /v1}, the call adds {@code /chat/completions}. */
    ModelErrorHint(String baseUrl, String keyVariable) {
        this(baseUrl, keyVariable, false);
    }

    /** The hint for the run's model settings (Anthropic's base URL has no {@code /v1}: its path adds it). */
    static ModelErrorHint of(dev.agentls.config.LlmSettings llm) {
        return new ModelErrorHint(llm.baseUrl().toString(), llm.apiKeyEnv(),
                llm.provider() == dev.agentls.config.Provider.ANTHROPIC);
    }

    /** The lines to print under {@code message} (indented), empty when it is not a model call's failure. */
    List<String> lines(String message) {
        String lower = message.toLowerCase(Locale.ROOT);
        if (!lower.contains("model call")) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        String base = baseUrl.replaceAll("/+$", "");
        if (!base.isEmpty()) {
            lines.add("  tried: " + base + (anthropic ? "/v1/messages" : "/chat/completions"));
        }
        boolean endsWithV1 = base.endsWith("/v1");
        if (lower.contains("<html") || lower.contains("<!doctype") || lower.contains("http 404")) {
            String page = lower.contains("http 404") ? "404 Not Found" : "an HTML page";
            lines.add("  hint: the server answered with " + page + (anthropic
                    ? (endsWithV1 ? ": drop /v1 from the base URL (the call adds /v1/messages)"
                            : ": is the base URL right?")
                    : (endsWithV1 ? ": is the base URL right?" : ": is /v1 missing from the base URL?")));
        } else if (lower.contains("http 401") || lower.contains("http 403")) {
            lines.add("  hint: the key was refused: check the variable " + (keyVariable.isEmpty() ? "named by"
                    + " --api-key-env" : keyVariable) + " (set, current, for this provider)");
        } else if (lower.contains("connection refused") || lower.contains("failed to connect")) {
            lines.add("  hint: nothing answers at that address: is the server running, and is the port right?");
        }
        return lines;
    }
}
