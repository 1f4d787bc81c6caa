package dev.agentls.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the terminal adds under a failed model call: the address the call went to and, for the common set-up
 * mistakes, what to check (an HTML page or a 404 from a base URL without {@code /v1}, a 401 and the key variable, a
 * refused connection and the server). It only reads the error's text: it never changes what the run does.
 */
record ModelErrorHint(String baseUrl, String keyVariable) {

    /** No endpoint known (a test, a view without a model): no address line, the hints still apply. */
    static final ModelErrorHint NONE = new ModelErrorHint("", "");

    /** The lines to print under {@code message} (indented), empty when it is not a model call's failure. */
    List<String> lines(String message) {
        String lower = message.toLowerCase(Locale.ROOT);
        if (!lower.contains("model call")) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        if (!baseUrl.isEmpty()) {
            lines.add("  tried: " + baseUrl.replaceAll("/+$", "") + "/chat/completions");
        }
        boolean noV1 = !baseUrl.isEmpty() && !baseUrl.replaceAll("/+$", "").endsWith("/v1");
        if (lower.contains("<html") || lower.contains("<!doctype") || lower.contains("http 404")) {
            lines.add("  hint: the server answered with " + (lower.contains("http 404") ? "404 Not Found" : "an HTML page")
                    + (noV1 || baseUrl.isEmpty() ? ": is /v1 missing from the base URL?" : ": is the base URL right?"));
        } else if (lower.contains("http 401") || lower.contains("http 403")) {
            lines.add("  hint: the key was refused: check the variable " + (keyVariable.isEmpty() ? "named by"
                    + " --api-key-env" : keyVariable) + " (set, current, for this provider)");
        } else if (lower.contains("connection refused") || lower.contains("failed to connect")) {
            lines.add("  hint: nothing answers at that address: is the server running, and is the port right?");
        }
        return lines;
    }
}
