package dev.agentls.lsp;

import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * Finds the {@code id} of a body that does not parse, so its sender still gets an error answer: a scan of the
 * top-level object's members that skips values by counting brackets outside strings, so it needs neither valid
 * JSON after the id nor a nesting limit (a 5,000-deep params before the id is skipped, not parsed). Only a string
 * or number id counts; a message whose id cannot be found gets no answer, since none could be matched.
 */
final class TopLevelId {

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?");

    private final String text;
    private int at;

    private TopLevelId(String text) {
        this.text = text;
    }

    static Optional<Either<String, Number>> find(String text) {
        try {
            return new TopLevelId(text).scan();
        } catch (RuntimeException e) {
            return Optional.empty(); // the scan ran off a broken text: no id to answer
        }
    }

    private Optional<Either<String, Number>> scan() {
        skipSpace();
        if (!take('{')) {
            return Optional.empty();
        }
        while (true) {
            skipSpace();
            if (at >= text.length() || text.charAt(at) != '"') {
                return Optional.empty();
            }
            int nameStart = at;
            skipString();
            String name = JsonParser.parseString(text.substring(nameStart, at)).getAsString();
            skipSpace();
            if (!take(':')) {
                return Optional.empty();
            }
            skipSpace();
            int valueStart = at;
            skipValue();
            if (name.equals("id")) {
                return idOf(text.substring(valueStart, at).trim());
            }
            skipSpace();
            if (!take(',')) {
                return Optional.empty();
            }
        }
    }

    private static Optional<Either<String, Number>> idOf(String literal) {
        if (!(literal.startsWith("\"") || NUMBER.matcher(literal).matches())) {
            return Optional.empty();
        }
        JsonPrimitive value = JsonParser.parseString(literal).getAsJsonPrimitive();
        return Optional.of(value.isString() ? Either.forLeft(value.getAsString()) : Either.forRight(value.getAsNumber()));
    }

    private void skipValue() {
        int depth = 0;
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '"') {
                skipString();
                if (depth == 0) {
                    return;
                }
                continue;
            }
            if (depth == 0 && (c == ',' || c == '}')) {
                return;
            }
            if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
                if (depth == 0) {
                    at++;
                    return;
                }
            }
            at++;
        }
    }

    private void skipString() {
        at++; // the opening quote
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '\\') {
                at++;
            } else if (c == '"') {
                return;
            }
        }
        throw new IllegalStateException("unterminated string");
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private boolean take(char expected) {
        if (at < text.length() && text.charAt(at) == expected) {
            at++;
            return true;
        }
        return false;
    }
}
