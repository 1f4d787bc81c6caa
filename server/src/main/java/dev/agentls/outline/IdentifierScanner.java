package dev.agentls.outline;

import dev.agentls.syntax.CommentSyntax;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Counts the identifiers a source text uses, outside its comments and string literals. This is the repo map's
 * reference side: a lexical scan instead of a second tree-sitter walk over every node, because the walk crosses
 * into native code once per node and would cost most of a cold build on a large repository, while a name used in
 * code is what the ranking needs. Keywords and one-letter names are left out: they point at no definition.
 */
final class IdentifierScanner {

    private static final Set<String> KEYWORDS = Set.of("abstract", "assert", "boolean", "break", "byte", "case",
            "catch", "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends",
            "final", "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int",
            "interface", "long", "native", "new", "package", "private", "protected", "public", "return", "short",
            "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try",
            "void", "volatile", "while", "var", "record", "yield", "sealed", "permits", "null", "true", "false",
            "def", "elif", "except", "from", "global", "in", "is", "lambda", "nonlocal", "not", "or", "and", "pass",
            "raise", "with", "as", "None", "True", "False", "self", "async", "await", "function", "let", "typeof",
            "undefined", "export", "type", "func", "go", "chan", "defer", "map", "range", "struct", "select",
            "fallthrough", "string", "number", "any", "of", "delete", "keyof", "readonly", "declare");

    private final CommentSyntax comments;

    IdentifierScanner(CommentSyntax comments) {
        this.comments = comments;
    }

    /** Each identifier of {@code text} used in code, with how often. */
    Map<String, Integer> count(String text) {
        Map<String, Integer> counts = new HashMap<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            int skip = commentEnd(text, i);
            if (skip > i) {
                i = skip;
            } else if (c == '"' || c == '\'' || c == '`') {
                i = stringEnd(text, i, c);
            } else if (Character.isJavaIdentifierStart(c)) {
                int start = i;
                while (i < n && Character.isJavaIdentifierPart(text.charAt(i))) {
                    i++;
                }
                if (i - start > 1) {
                    String word = text.substring(start, i);
                    if (!KEYWORDS.contains(word)) {
                        counts.merge(word, 1, Integer::sum);
                    }
                }
            } else if (Character.isDigit(c)) {
                while (i < n && Character.isLetterOrDigit(text.charAt(i))) {
                    i++;
                }
            } else {
                i++;
            }
        }
        return counts;
    }

    /** Where a comment starting at {@code i} ends, or {@code i} when none starts there. */
    private int commentEnd(String text, int i) {
        for (String prefix : comments.linePrefixes()) {
            if (text.startsWith(prefix, i)) {
                int end = text.indexOf('\n', i);
                return end < 0 ? text.length() : end;
            }
        }
        for (CommentSyntax.Delimiters block : comments.blocks()) {
            if (text.startsWith(block.open(), i)) {
                int end = text.indexOf(block.close(), i + block.open().length());
                return end < 0 ? text.length() : end + block.close().length();
            }
        }
        return i;
    }

    /** Where a string literal opened by {@code quote} at {@code i} ends; a line break ends all but backticks. */
    private static int stringEnd(String text, int i, char quote) {
        int n = text.length();
        if (quote != '`' && text.startsWith(String.valueOf(quote).repeat(3), i)) {
            String close = String.valueOf(quote).repeat(3);
            int end = text.indexOf(close, i + 3);
            return end < 0 ? n : end + 3;
        }
        int j = i + 1;
        while (j < n) {
            char c = text.charAt(j);
            if (c == '\\') {
                j += 2;
                continue;
            }
            if (c == quote) {
                return j + 1;
            }
            if (c == '\n' && quote != '`') {
                return j + 1;
            }
            j++;
        }
        return n;
    }
}
