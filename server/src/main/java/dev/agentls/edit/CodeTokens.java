package dev.agentls.edit;

import dev.agentls.syntax.CommentSyntax;
import java.util.ArrayList;
import java.util.List;

/**
 * The code tokens of some lines, for comparing text the way rule 10 forgives: whitespace and line breaks separate
 * tokens and are otherwise ignored, comments (in the file's comment syntax, when it is known) are dropped whole, and
 * a string literal closed on its line is one token compared byte for byte (its spaces are part of a value). Words
 * (letters, digits, {@code _}, {@code $}) are one token; any other character is a token of its own, so {@code a+b}
 * and {@code a + b} read the same while {@code ab} and {@code a b} do not.
 */
final class CodeTokens {

    /** A token and the 0-based index of the line it starts on. */
    record Token(String text, int line) {}

    private CodeTokens() {}

    /**
     * @param comments the comment syntax whose comments are dropped; null when the language is unknown, so that no
     *     text is ever taken for a comment that may be code ({@code #include}, a Markdown heading)
     */
    static List<Token> of(List<String> lines, CommentSyntax comments) {
        List<Token> out = new ArrayList<>();
        String closeBlock = null;
        for (int ln = 0; ln < lines.size(); ln++) {
            String s = lines.get(ln);
            int i = 0;
            int n = s.length();
            while (i < n) {
                if (closeBlock != null) {
                    int end = s.indexOf(closeBlock, i);
                    if (end < 0) {
                        i = n;
                        continue;
                    }
                    i = end + closeBlock.length();
                    closeBlock = null;
                    continue;
                }
                char c = s.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                    continue;
                }
                if (comments != null) {
                    String open = blockOpen(s, i, comments);
                    if (open != null) {
                        closeBlock = closeOf(open, comments);
                        i += open.length();
                        continue;
                    }
                    if (lineComment(s, i, comments)) {
                        break;
                    }
                }
                int end = word(c) ? wordEnd(s, i) : quote(c) ? stringEnd(s, i) : i + 1;
                out.add(new Token(s.substring(i, end), ln));
                i = end;
            }
        }
        return out;
    }

    private static boolean word(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static boolean quote(char c) {
        return c == '"' || c == '\'' || c == '`';
    }

    private static int wordEnd(String s, int i) {
        int j = i + 1;
        while (j < s.length() && word(s.charAt(j))) {
            j++;
        }
        return j;
    }

    /** The end of a string literal closed on its line; an unclosed quote is a one-character token. */
    private static int stringEnd(String s, int i) {
        char q = s.charAt(i);
        for (int j = i + 1; j < s.length(); j++) {
            char c = s.charAt(j);
            if (c == '\\') {
                j++;
            } else if (c == q) {
                return j + 1;
            }
        }
        return i + 1;
    }

    private static String blockOpen(String s, int i, CommentSyntax comments) {
        for (CommentSyntax.Delimiters d : comments.blocks()) {
            if (s.startsWith(d.open(), i)) {
                return d.open();
            }
        }
        return null;
    }

    private static String closeOf(String open, CommentSyntax comments) {
        for (CommentSyntax.Delimiters d : comments.blocks()) {
            if (d.open().equals(open)) {
                return d.close();
            }
        }
        throw new IllegalStateException("no block comment opens with " + open);
    }

    private static boolean lineComment(String s, int i, CommentSyntax comments) {
        for (String prefix : comments.linePrefixes()) {
            if (s.startsWith(prefix, i)) {
                return true;
            }
        }
        return false;
    }
}
