package dev.agentls.llm;

/**
 * Removes one API key from any text before it is logged or put into a failure: providers echo headers in error
 * bodies, and exceptions can carry request details. Keys shorter than 4 characters are not looked for (they would
 * mangle ordinary text and are not secrets worth the name).
 */
final class KeyRedactor {

    static final String MASK = "[redacted]";

    private final String key;

    KeyRedactor(String key) {
        this.key = key == null ? "" : key;
    }

    String redact(String text) {
        if (text == null || key.length() < 4) {
            return text;
        }
        return text.replace(key, MASK);
    }
}
