package dev.agentls.redaction;

import java.util.regex.Pattern;

/**
 * Hides the userinfo of every URL in a text ({@code http://user:KEY@host} becomes {@code http://[redacted]@host}):
 * a key put in a URL must not reach a message, a log line or stderr. The whole userinfo goes, since a token is often
 * the user part alone ({@code https://TOKEN@github.com}).
 */
public final class UrlUserinfo {

    public static final String MASK = "[redacted]";

    /** A scheme, "//", then anything up to an '@' that comes before the authority ends. */
    private static final Pattern USERINFO = Pattern.compile("(?i)\\b([a-z][a-z0-9+.\\-]*://)[^/?#@\\s\"'<>]+@");

    private UrlUserinfo() {}

    /** Whether {@code text} holds a URL with userinfo, such as a key or a password. */
    public static boolean present(String text) {
        return text != null && text.indexOf('@') >= 0 && USERINFO.matcher(text).find();
    }

    /** {@code text} with each URL's userinfo replaced by {@value #MASK}; null stays null. */
    public static String redact(String text) {
        if (text == null || text.indexOf('@') < 0) {
            return text;
        }
        return USERINFO.matcher(text).replaceAll("$1" + java.util.regex.Matcher.quoteReplacement(MASK) + "@");
    }
}
