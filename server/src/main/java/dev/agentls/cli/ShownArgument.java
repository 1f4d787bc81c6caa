package dev.agentls.cli;

import dev.agentls.config.KeyLikeText;
import dev.agentls.redaction.UrlUserinfo;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a command-line argument may appear in an error message. Such messages go to stderr, which editors keep in
 * their logs, and a user who types {@code --api-key=sk-...} must not find the key there: an argument that holds a
 * key, or an option named like one, is shown by its option name only ({@code --api-key=<redacted>}); anything else
 * is shown shortened. {@link #redactKeys} is the last pass over every usage message, for arguments a subcommand
 * quoted without this class.
 */
final class ShownArgument {

    static final String REDACTED = "<redacted>";
    private static final int MAX_SHOWN = 80;
    /** Option names, folded (no '-', '_', case), whose value is a secret whatever it looks like. */
    private static final Set<String> SECRET_OPTIONS = Set.of("apikey", "key", "token", "accesstoken", "authtoken",
            "secret", "secretkey", "password", "passwd", "authorization", "bearer");
    /** Long unbroken runs of key alphabet with letters and digits mixed: random keys without a known prefix. */
    private static final Pattern KEY_SHAPED = Pattern.compile("[A-Za-z0-9_\\-]{32,}");
    /** Ids this program prints itself (runs, checkpoints, conversations) are UUIDs, not keys. */
    private static final Pattern UUID = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern WORD = Pattern.compile("[^\\s'\"=,;:()/\\\\]+");

    private ShownArgument() {}

    /** {@code argument} as an error message may show it. */
    static String of(String argument) {
        int eq = argument.indexOf('=');
        if (argument.startsWith("-") && eq > 0) {
            String option = argument.substring(0, eq);
            String value = argument.substring(eq + 1);
            if (isSecretOption(option) || looksLikeAKey(value)) {
                return shorten(option) + "=" + REDACTED;
            }
            return shorten(argument);
        }
        return looksLikeAKey(argument) ? REDACTED : shorten(UrlUserinfo.redact(argument));
    }

    /** {@code message} with every word that looks like a key replaced by {@value #REDACTED}. */
    static String redactKeys(String message) {
        Matcher words = WORD.matcher(UrlUserinfo.redact(message));
        StringBuilder out = new StringBuilder();
        while (words.find()) {
            words.appendReplacement(out, Matcher.quoteReplacement(
                    looksLikeAKey(words.group()) ? REDACTED : words.group()));
        }
        words.appendTail(out);
        return out.toString();
    }

    static boolean looksLikeAKey(String text) {
        String s = text.strip();
        if (KeyLikeText.startsLikeAKey(s)) {
            return true;
        }
        return KEY_SHAPED.matcher(s).matches() && !UUID.matcher(s).matches() && s.chars().anyMatch(Character::isDigit)
                && s.chars().anyMatch(Character::isLetter);
    }

    private static boolean isSecretOption(String option) {
        String folded = option.replaceAll("[-_]", "").toLowerCase(Locale.ROOT);
        return SECRET_OPTIONS.contains(folded);
    }

    private static String shorten(String text) {
        StringBuilder out = new StringBuilder();
        text.codePoints().limit(MAX_SHOWN).forEach(c -> out.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        if (text.length() > MAX_SHOWN) {
            out.append("...(").append(text.length()).append(" characters)");
        }
        return out.toString();
    }
}
