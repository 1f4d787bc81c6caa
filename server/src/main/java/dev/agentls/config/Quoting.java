package dev.agentls.config;

import dev.agentls.redaction.UrlUserinfo;

/**
 * Renders user values for messages: short, escaped, and never a secret. Settings messages end up in logs and in the
 * editor, so a value that looks like an API key is replaced, not shown.
 */
final class Quoting {

    private static final int MAX_SHOWN = 40;

    private Quoting() {}

    /** True for strings that start like a known kind of API key or bearer token. */
    static boolean looksLikeSecret(String s) {
        return KeyLikeText.startsLikeAKey(s);
    }

    /** The value in double quotes, escaped and shortened, or a placeholder when it looks like a secret. */
    static String quote(String s) {
        if (looksLikeSecret(s)) {
            return "a value that looks like an API key (not shown)";
        }
        return "\"" + shortText(UrlUserinfo.redact(s)) + "\"";
    }

    /** At most {@value #MAX_SHOWN} characters with control characters and quotes escaped, and the length if cut. */
    static String shortText(String s) {
        StringBuilder out = new StringBuilder();
        int n = Math.min(s.length(), MAX_SHOWN);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        if (s.length() > MAX_SHOWN) {
            out.append("...(").append(s.length()).append(" chars)");
        }
        return out.toString();
    }
}
