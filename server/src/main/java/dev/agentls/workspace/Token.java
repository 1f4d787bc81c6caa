package dev.agentls.workspace;

import java.util.ArrayList;
import java.util.List;

/** One element of a glob segment: a character, {@code ?}, {@code *} or a bracket class. */
sealed interface Token {

    record Char(char c) implements Token {}

    record AnyChar() implements Token {}

    record Star() implements Token {}

    /** A bracket expression: {@code ranges} holds pairs (from, to); {@code negated} for {@code [!..]}/{@code [^..]}. */
    record CharClass(char[] ranges, String posix, boolean negated) implements Token {
        boolean accepts(char c) {
            boolean in = false;
            for (int i = 0; i < ranges.length && !in; i += 2) {
                in = c >= ranges[i] && c <= ranges[i + 1];
            }
            for (int i = 0; i < posix.length() && !in; i++) {
                in = posixAccepts(posix.charAt(i), c);
            }
            return in != negated;
        }
    }

    /** Parses one segment. An unclosed {@code [} is a literal, as is a trailing lone backslash. */
    static List<Token> parse(String text) {
        List<Token> out = new ArrayList<>();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                out.add(new Char(text.charAt(++i)));
            } else if (c == '*') {
                if (out.isEmpty() || !(out.get(out.size() - 1) instanceof Star)) {
                    out.add(new Star());
                }
            } else if (c == '?') {
                out.add(new AnyChar());
            } else if (c == '[') {
                int end = parseClass(text, i, out);
                if (end < 0) {
                    out.add(new Char('['));
                } else {
                    i = end;
                }
            } else {
                out.add(new Char(c));
            }
        }
        return out;
    }

    /** Parses a class starting at {@code open}; adds it and returns the index of its {@code ]}, or -1. */
    private static int parseClass(String text, int open, List<Token> out) {
        int i = open + 1;
        boolean negated = i < text.length() && (text.charAt(i) == '!' || text.charAt(i) == '^');
        if (negated) {
            i++;
        }
        StringBuilder ranges = new StringBuilder();
        StringBuilder posix = new StringBuilder();
        boolean first = true;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == ']' && !first) {
                out.add(new CharClass(ranges.toString().toCharArray(), posix.toString(), negated));
                return i;
            }
            first = false;
            if (c == '[' && text.startsWith("[:", i)) {
                int close = text.indexOf(":]", i + 2);
                if (close > 0) {
                    char code = posixCode(text.substring(i + 2, close));
                    if (code != 0) {
                        posix.append(code);
                        i = close + 2;
                        continue;
                    }
                }
            }
            if (c == '\\' && i + 1 < text.length()) {
                c = text.charAt(++i);
            }
            char to = c;
            if (i + 2 < text.length() && text.charAt(i + 1) == '-' && text.charAt(i + 2) != ']') {
                to = text.charAt(i + 2);
                if (to == '\\' && i + 3 < text.length()) {
                    to = text.charAt(i + 3);
                    i++;
                }
                i += 2;
            }
            ranges.append(c).append(to);
            i++;
        }
        return -1;
    }

    private static char posixCode(String name) {
        return switch (name) {
            case "alnum" -> 'n';
            case "alpha" -> 'a';
            case "digit" -> 'd';
            case "lower" -> 'l';
            case "upper" -> 'u';
            case "space" -> 's';
            case "blank" -> 'b';
            case "xdigit" -> 'x';
            case "punct" -> 'p';
            case "cntrl" -> 'c';
            case "graph" -> 'g';
            case "print" -> 'r';
            default -> 0;
        };
    }

    private static boolean posixAccepts(char code, char c) {
        return switch (code) {
            case 'n' -> Character.isLetterOrDigit(c);
            case 'a' -> Character.isLetter(c);
            case 'd' -> c >= '0' && c <= '9';
            case 'l' -> Character.isLowerCase(c);
            case 'u' -> Character.isUpperCase(c);
            case 's' -> Character.isWhitespace(c);
            case 'b' -> c == ' ' || c == '\t';
            case 'x' -> Character.digit(c, 16) >= 0;
            case 'p' -> c > 32 && c < 127 && !Character.isLetterOrDigit(c);
            case 'c' -> Character.isISOControl(c);
            case 'g' -> c > 32 && c != 127;
            case 'r' -> c >= 32 && c != 127;
            default -> false;
        };
    }

    private static boolean single(Token t, char c) {
        if (t instanceof Char ch) {
            return ch.c() == c;
        }
        if (t instanceof AnyChar) {
            return true;
        }
        return t instanceof CharClass cc && cc.accepts(c);
    }

    /** Wildcard matching with one backtrack point (the last star): O(tokens × name) at worst. */
    static boolean match(Token[] tokens, String name) {
        int t = 0;
        int n = 0;
        int starT = -1;
        int starN = -1;
        while (n < name.length()) {
            if (t < tokens.length && tokens[t] instanceof Star) {
                starT = t++;
                starN = n;
            } else if (t < tokens.length && single(tokens[t], name.charAt(n))) {
                t++;
                n++;
            } else if (starT >= 0) {
                t = starT + 1;
                n = ++starN;
            } else {
                return false;
            }
        }
        while (t < tokens.length && tokens[t] instanceof Star) {
            t++;
        }
        return t == tokens.length;
    }
}
