package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether an edit line is a changed version of a file line, strictly enough that replacing the file line can never
 * eat a neighbour the model meant to keep: one line's tokens are the other's with tokens only added or only removed
 * ({@code import A} becoming {@code import A, B}; a parameter added), or the same tokens with only literals changed
 * (a number, a string), or in a settings file a key or variable whose value changed ({@code CC=gcc} becoming
 * {@code CC=clang}, {@code name: a} becoming {@code name: b}): there one name holds one value, so the new value
 * replaces the old rather than standing beside it. Two lines that differ in a name ({@code int total;} and
 * {@code int count;}) are different lines.
 */
final class Similarity {

    private static final int MAX_LENGTH = 1000;

    /** A word, number or quoted string of a line; {@code literal} for numbers and strings. */
    private record Token(String text, boolean literal) {}

    /**
     * A line assigning to a target or giving a key its value (not a list item: two items may share a key): the target (a name, perhaps
     * after one keyword such as {@code let} or {@code export}, or a quoted key), then {@code =} (not {@code ==} or
     * {@code =>}) or {@code :} followed by a space, then a value.
     */
    private static final Pattern ASSIGNMENT = Pattern.compile(
            "^(\"[^\"]*\"|'[^']*'|[A-Za-z_$][\\w$.\\[\\]-]*( [A-Za-z_$][\\w$.]*)?) ?(=(?![=>~])|:(?= ))\\s*\\S.*$");

    private Similarity() {}

    /**
     * Whether {@code a} reads as a changed version of {@code b}; in a settings file ({@code settings}: YAML, a
     * Makefile, TOML, INI, properties, JSON) also when both give one key or variable a value. In code a second
     * assignment to a name is an ordinary new statement, so there the value rule does not apply.
     */
    static boolean changedVersion(String a, String b, boolean settings) {
        if (a.isEmpty() || b.isEmpty() || a.length() > MAX_LENGTH || b.length() > MAX_LENGTH || a.equals(b)) {
            return false;
        }
        if (settings && sameTarget(a, b)) {
            return true;
        }
        List<Token> x = tokens(a);
        List<Token> y = tokens(b);
        if (x.size() < 2 || y.size() < 2 || !x.get(0).equals(y.get(0))) {
            return false;
        }
        if (x.size() == y.size()) {
            return onlyLiteralsDiffer(x, y);
        }
        return x.size() < y.size() ? subsequence(x, y) : subsequence(y, x);
    }

    /** The first word, number or quoted string of a line: a changed version of a line starts with the same one. */
    static String firstToken(String s) {
        // The first token of tokens(s), read without cutting the rest of the line: this runs on every file line.
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'' || c == '`') {
                int end = s.indexOf(c, i + 1);
                return s.substring(i, end < 0 ? s.length() : end + 1);
            }
            if (Character.isLetterOrDigit(c) || c == '_') {
                int end = i;
                while (end < s.length() && (Character.isLetterOrDigit(s.charAt(end)) || s.charAt(end) == '_'
                        || s.charAt(end) == '.' && Character.isDigit(c))) {
                    end++;
                }
                return s.substring(i, end);
            }
        }
        return "";
    }

    private static boolean sameTarget(String a, String b) {
        Matcher x = ASSIGNMENT.matcher(a);
        Matcher y = ASSIGNMENT.matcher(b);
        return x.matches() && y.matches() && x.group(1).equals(y.group(1)) && x.group(3).equals(y.group(3));
    }

    private static boolean onlyLiteralsDiffer(List<Token> x, List<Token> y) {
        boolean differs = false;
        for (int i = 0; i < x.size(); i++) {
            if (!x.get(i).equals(y.get(i))) {
                if (!x.get(i).literal() || !y.get(i).literal()) {
                    return false;
                }
                differs = true;
            }
        }
        return differs;
    }

    private static boolean subsequence(List<Token> shorter, List<Token> longer) {
        int i = 0;
        for (Token t : longer) {
            if (i < shorter.size() && shorter.get(i).equals(t)) {
                i++;
            }
        }
        return i == shorter.size();
    }

    private static List<Token> tokens(String s) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'' || c == '`') {
                int end = s.indexOf(c, i + 1);
                end = end < 0 ? s.length() : end + 1;
                tokens.add(new Token(s.substring(i, end), true));
                i = end;
            } else if (Character.isLetterOrDigit(c) || c == '_') {
                int start = i;
                while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_'
                        || s.charAt(i) == '.' && Character.isDigit(s.charAt(start)))) {
                    i++;
                }
                tokens.add(new Token(s.substring(start, i), Character.isDigit(s.charAt(start))));
            } else {
                i++;
            }
        }
        return tokens;
    }
}
