package dev.agentls.tools.command;

import java.util.Optional;
import java.util.Set;

/**
 * Reads a sed script far enough to know whether it only prints: its addresses, and the commands that print, delete,
 * branch, hold or substitute. Writing ({@code w}, {@code W}, {@code s///w}), running ({@code e}, {@code s///e}),
 * reading other files ({@code r}, {@code R}) and anything it does not know are reported, with the command named.
 */
final class SedScript {

    private static final Set<Character> PLAIN = Set.of('p', 'P', 'd', 'D', 'n', 'N', 'h', 'H', 'g', 'G', 'x', '=',
            'l', 'q', 'Q', 'z', '{', '}', '!');
    private static final Set<Character> LABELLED = Set.of(':', 'b', 't', 'T');
    private static final Set<Character> TEXT = Set.of('a', 'i', 'c');

    private final String script;
    private int pos;

    private SedScript(String script) {
        this.script = script;
    }

    /** Why the script does more than print, or empty when it only reads its input and prints. */
    static Optional<String> risk(String script) {
        return new SedScript(script).scan();
    }

    private Optional<String> scan() {
        while (pos < script.length()) {
            char c = script.charAt(pos);
            if (Character.isWhitespace(c) || c == ';') {
                pos++;
            } else if (c == '#') {
                toLineEnd();
            } else if (Character.isDigit(c) || c == '$' || c == ',' || c == '~' || c == '+') {
                pos++;
            } else if (c == '/' || c == '\\') {
                if (c == '\\') {
                    pos++;
                }
                if (!delimited(1)) {
                    return Optional.of("cannot read the sed script's address");
                }
                skipFlags("IM");
            } else if (PLAIN.contains(c)) {
                pos++;
            } else if (LABELLED.contains(c) || TEXT.contains(c)) {
                toLineEnd();
            } else if (c == 's' || c == 'y') {
                pos++;
                if (!delimited(2)) {
                    return Optional.of("cannot read the sed script's `" + c + "` command");
                }
                if (c == 's') {
                    int flagsStart = pos;
                    skipFlags("gpiImM0123456789we");
                    String flags = script.substring(flagsStart, pos);
                    if (flags.contains("w")) {
                        return Optional.of("the sed script's `s///w` writes a file");
                    }
                    if (flags.contains("e")) {
                        return Optional.of("the sed script's `s///e` runs the pattern space as a command");
                    }
                }
            } else {
                return Optional.of("the sed script's `" + c + "` command " + (c == 'w' || c == 'W' ? "writes a file"
                        : c == 'e' ? "runs a command" : c == 'r' || c == 'R' ? "reads another file"
                        : "is not one that only prints"));
            }
        }
        return Optional.empty();
    }

    /** Skips {@code parts} delimited sections after the delimiter at {@code pos} ({@code /re/}, {@code /a/b/}). */
    private boolean delimited(int parts) {
        if (pos >= script.length()) {
            return false;
        }
        char delimiter = script.charAt(pos++);
        if (delimiter == '\n' || delimiter == '\\') {
            return false;
        }
        for (int part = 0; part < parts; part++) {
            while (pos < script.length() && script.charAt(pos) != delimiter) {
                pos += script.charAt(pos) == '\\' ? 2 : 1;
            }
            if (pos >= script.length()) {
                return false;
            }
            pos++;
        }
        return true;
    }

    private void skipFlags(String allowed) {
        while (pos < script.length() && allowed.indexOf(script.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private void toLineEnd() {
        while (pos < script.length() && script.charAt(pos) != '\n' && script.charAt(pos) != ';') {
            pos++;
        }
    }
}
