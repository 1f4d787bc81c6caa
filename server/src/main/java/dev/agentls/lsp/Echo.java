package dev.agentls.lsp;

/**
 * Values a client sent that an answer repeats (a command id, a method name, a parse error's excerpt): at most
 * {@value #LIMIT} characters, so a hostile 100,000-character id costs a short error, not a copy of itself. The cut
 * is marked and says the real length, so a reader knows the value was longer.
 */
final class Echo {

    static final int LIMIT = 200;

    private Echo() {}

    /** {@code value} itself when short, else its first {@value #LIMIT} characters, an ellipsis and its length. */
    static String bounded(String value) {
        if (value == null) {
            return "null";
        }
        if (value.length() <= LIMIT) {
            return value;
        }
        int cut = Character.isHighSurrogate(value.charAt(LIMIT - 1)) ? LIMIT - 1 : LIMIT;
        return value.substring(0, cut) + "\u2026 (" + value.length() + " characters)";
    }
}
