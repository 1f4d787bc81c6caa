package dev.agentls.tools.command;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The word level of {@link ShellParser}: quoting and escapes, parameter expansion, command and process substitution,
 * backticks and ANSI-C strings, read from a position in the source. Commands found inside substitutions are handed to
 * nested parsers, which add them to the same output list. Refuses unterminated quotes and substitutions.
 */
abstract class ShellLexer {

    static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    static final int MAX_DEPTH = 16;

    final String src;
    final List<SimpleCommand> out;
    final int depth;
    int pos;

    ShellLexer(String src, List<SimpleCommand> out, int depth) throws ShellSyntaxException {
        if (depth > MAX_DEPTH) {
            throw new ShellSyntaxException("substitutions are nested more than " + MAX_DEPTH + " deep");
        }
        this.src = src;
        this.out = out;
        this.depth = depth;
    }

    /** A parser for {@code text} one nesting level deeper, writing to the same output. */
    abstract ShellLexer child(String text) throws ShellSyntaxException;

    /** Parses the whole source as a command list. */
    abstract void parseAll() throws ShellSyntaxException;

    /** After {@code $(} or {@code <(}: parses the nested command list through its closing parenthesis. */
    abstract void parseNested() throws ShellSyntaxException;

    final boolean eof() {
        return pos >= src.length();
    }

    final char peek(int ahead) {
        int at = pos + ahead;
        return at < src.length() ? src.charAt(at) : '\0';
    }

    final void skipBlanks() {
        while (!eof()) {
            char c = peek(0);
            if (c == ' ' || c == '\t' || c == '\r') {
                pos++;
            } else if (c == '\\' && peek(1) == '\n') {
                pos += 2;
            } else {
                return;
            }
        }
    }

    /**
     * Reads an arithmetic {@code ((...))} through its end. Substitutions inside it run when bash evaluates it
     * ({@code $(( $(cmd) ))}, {@code a[$(cmd)]}), so its text is parsed for them like a here-document's.
     */
    final String skipArithmetic() throws ShellSyntaxException {
        int open = 2;
        int start = pos;
        while (!eof()) {
            char c = src.charAt(pos++);
            if (c == '(') {
                open++;
            } else if (c == ')') {
                open--;
                if (open == 0) {
                    String inner = src.substring(start, Math.max(start, pos - 2));
                    child(inner).parseQuotedUntilEnd();
                    return inner;
                }
            }
        }
        throw new ShellSyntaxException("an arithmetic '((' is never closed");
    }

    /** Parses a here-document body: text where only {@code $}, backticks and backslashes are special. */
    final void parseQuotedUntilEnd() throws ShellSyntaxException {
        List<Word.Part> ignored = new ArrayList<>();
        while (!eof()) {
            char c = peek(0);
            if (c == '\\') {
                pos += 2;
            } else if (c == '$') {
                parseDollar(ignored);
            } else if (c == '`') {
                parseBackticks(ignored);
            } else {
                pos++;
            }
        }
    }

    final Word parseWord() throws ShellSyntaxException {
        List<Word.Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        while (!eof()) {
            char c = peek(0);
            if (" \t\r\n;&|)".indexOf(c) >= 0) {
                break;
            }
            if (c == '<' || c == '>' || c == '(') {
                if (peek(1) == '(' && (c != '(') && literal.isEmpty() && parts.isEmpty()) {
                    pos += 2;
                    parseNested();
                    parts.add(new Word.Opaque("process substitution"));
                    continue;
                }
                if (c == '(' && !literal.isEmpty() && isExtglobPrefix(literal.charAt(literal.length() - 1))) {
                    throw new ShellSyntaxException("extended glob patterns are not checked");
                }
                break;
            }
            if (c == '\\') {
                if (peek(1) == '\n') {
                    pos += 2;
                    continue;
                }
                flush(literal, parts);
                if (pos + 1 < src.length()) {
                    parts.add(new Word.Literal(String.valueOf(peek(1)), true));
                }
                pos += 2;
            } else if (c == '\'') {
                flush(literal, parts);
                int end = src.indexOf('\'', pos + 1);
                if (end < 0) {
                    throw new ShellSyntaxException("a single quote is never closed");
                }
                parts.add(new Word.Literal(src.substring(pos + 1, end), true));
                pos = end + 1;
            } else if (c == '"') {
                flush(literal, parts);
                pos++;
                parseDoubleQuoted(parts);
            } else if (c == '`') {
                flush(literal, parts);
                parseBackticks(parts);
            } else if (c == '$') {
                flush(literal, parts);
                parseDollar(parts);
            } else {
                literal.append(c);
                pos++;
            }
        }
        flush(literal, parts);
        if (parts.isEmpty()) {
            throw new ShellSyntaxException("unexpected '" + peek(0) + "' at offset " + pos);
        }
        return new Word(parts);
    }

    private static boolean isExtglobPrefix(char c) {
        return c == '@' || c == '!' || c == '+' || c == '?' || c == '*';
    }

    private static void flush(StringBuilder literal, List<Word.Part> parts) {
        if (!literal.isEmpty()) {
            parts.add(new Word.Literal(literal.toString(), false));
            literal.setLength(0);
        }
    }

    final void parseDoubleQuoted(List<Word.Part> parts) throws ShellSyntaxException {
        StringBuilder literal = new StringBuilder();
        while (true) {
            if (eof()) {
                throw new ShellSyntaxException("a double quote is never closed");
            }
            char c = peek(0);
            if (c == '"') {
                pos++;
                break;
            }
            if (c == '\\' && "$`\"\\\n".indexOf(peek(1)) >= 0) {
                if (peek(1) != '\n') {
                    literal.append(peek(1));
                }
                pos += 2;
            } else if (c == '$' || c == '`') {
                if (!literal.isEmpty()) {
                    parts.add(new Word.Literal(literal.toString(), true));
                    literal.setLength(0);
                }
                if (c == '$') {
                    parseDollar(parts);
                } else {
                    parseBackticks(parts);
                }
            } else {
                literal.append(c);
                pos++;
            }
        }
        // An empty "" is still a word (an empty argument).
        parts.add(new Word.Literal(literal.toString(), true));
    }

    final void parseBackticks(List<Word.Part> parts) throws ShellSyntaxException {
        pos++;
        StringBuilder inner = new StringBuilder();
        while (true) {
            if (eof()) {
                throw new ShellSyntaxException("a backtick is never closed");
            }
            char c = src.charAt(pos++);
            if (c == '`') {
                break;
            }
            if (c == '\\' && !eof() && "$`\\".indexOf(peek(0)) >= 0) {
                inner.append(src.charAt(pos++));
            } else {
                inner.append(c);
            }
        }
        child(inner.toString()).parseAll();
        parts.add(new Word.Opaque("command substitution"));
    }

    final void parseDollar(List<Word.Part> parts) throws ShellSyntaxException {
        char next = peek(1);
        if (next == '(' && peek(2) == '(') {
            pos += 3;
            parts.add(new Word.Opaque("$((" + skipArithmetic() + "))"));
        } else if (next == '(') {
            pos += 2;
            parseNested();
            parts.add(new Word.Opaque("command substitution"));
        } else if (next == '{') {
            int close = matchingBrace(pos + 1);
            String inner = src.substring(pos + 2, close);
            pos = close + 1;
            if (NAME.matcher(inner).matches()) {
                parts.add(new Word.Variable(inner));
            } else {
                // ${x:-$(cmd)} and friends may run commands: parse what is inside for substitutions.
                child(inner).parseQuotedUntilEnd();
                parts.add(new Word.Opaque("${" + inner + "}"));
            }
        } else if (next == '\'') {
            pos += 2;
            parts.add(new Word.Literal(ansiC(), true));
        } else if (next == '"') {
            pos += 2;
            parseDoubleQuoted(parts);
        } else if (Character.isLetter(next) || next == '_') {
            int start = pos + 1;
            pos = start;
            while (!eof() && (Character.isLetterOrDigit(peek(0)) || peek(0) == '_')) {
                pos++;
            }
            parts.add(new Word.Variable(src.substring(start, pos)));
        } else if (Character.isDigit(next) || "@*#?$!-".indexOf(next) >= 0) {
            pos += 2;
            parts.add(new Word.Variable(String.valueOf(next)));
        } else {
            pos++;
            parts.add(new Word.Literal("$", false));
        }
    }

    final int matchingBrace(int open) throws ShellSyntaxException {
        int level = 0;
        for (int at = open; at < src.length(); at++) {
            char c = src.charAt(at);
            if (c == '\\') {
                at++;
            } else if (c == '{') {
                level++;
            } else if (c == '}' && --level == 0) {
                return at;
            }
        }
        throw new ShellSyntaxException("a '${' is never closed");
    }

    /** {@code $'...'}: ANSI-C quoting, with the common escapes decoded. */
    final String ansiC() throws ShellSyntaxException {
        StringBuilder text = new StringBuilder();
        while (true) {
            if (eof()) {
                throw new ShellSyntaxException("a $'...' quote is never closed");
            }
            char c = src.charAt(pos++);
            if (c == '\'') {
                return text.toString();
            }
            if (c != '\\' || eof()) {
                text.append(c);
                continue;
            }
            char e = src.charAt(pos++);
            switch (e) {
                case 'n' -> text.append('\n');
                case 't' -> text.append('\t');
                case 'r' -> text.append('\r');
                case 'x' -> text.append((char) number(16, 2));
                case 'u' -> text.append((char) number(16, 4));
                case '0', '1', '2', '3', '4', '5', '6', '7' -> {
                    pos--;
                    text.append((char) number(8, 3));
                }
                default -> text.append(e);
            }
        }
    }

    final int number(int radix, int maxDigits) {
        int value = 0;
        int digits = 0;
        while (digits < maxDigits && !eof() && Character.digit(peek(0), radix) >= 0) {
            value = value * radix + Character.digit(src.charAt(pos++), radix);
            digits++;
        }
        return value;
    }
}
