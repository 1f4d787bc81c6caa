package dev.agentls.lsp;

import com.google.gson.stream.JsonReader;
import java.util.regex.Pattern;

/**
 * gson's failures, said in one short line for an error answer: the innermost message without gson's troubleshooting
 * link and exception class, and a JSON path cut to its first {@value #PATH_LIMIT} characters (a 5,000-deep body has
 * a path of thousands of "[0]").
 */
final class JsonProblems {

    static final int PATH_LIMIT = 60;

    private static final Pattern LONG_PATH = Pattern.compile("(path \\$\\S{0," + (PATH_LIMIT - 1) + "})\\S+");

    /** gson's advice to its own users, which means nothing to a client author. */
    private static final String GSON_ADVICE = "Use JsonReader.setStrictness(Strictness.LENIENT) to accept malformed JSON";

    private JsonProblems() {}

    static String describe(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        int link = message.indexOf("\nSee https://");
        if (link >= 0) {
            message = message.substring(0, link);
        }
        message = message.replace(GSON_ADVICE, "malformed JSON");
        return Echo.bounded(LONG_PATH.matcher(message.strip()).replaceAll("$1\u2026"));
    }

    /** Where {@code reader} stopped, as a JSON path, cut like the messages' paths. */
    static String path(JsonReader reader) {
        String path = reader.getPath();
        return path.length() <= PATH_LIMIT ? path : path.substring(0, PATH_LIMIT) + "\u2026";
    }
}
