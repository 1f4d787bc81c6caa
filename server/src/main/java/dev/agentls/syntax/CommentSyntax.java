package dev.agentls.syntax;

import java.util.List;

/**
 * How comments are written in one language: the prefixes of line comments and the delimiters of block comments.
 * Owns nothing but the spelling; deciding whether a comment means something (an elision marker, say) is the
 * caller's business.
 */
public record CommentSyntax(List<String> linePrefixes, List<Delimiters> blocks) {

    /** The opening and closing text of a block comment, such as {@code /*} and {@code *}{@code /}. */
    public record Delimiters(String open, String close) {}

    public CommentSyntax {
        linePrefixes = List.copyOf(linePrefixes);
        blocks = List.copyOf(blocks);
    }

    static final Delimiters C_BLOCK = new Delimiters("/*", "*/");
    static final Delimiters JSX_BLOCK = new Delimiters("{/*", "*/}");
    static final Delimiters HTML_BLOCK = new Delimiters("<!--", "-->");

    static final CommentSyntax C_LIKE = new CommentSyntax(List.of("//"), List.of(C_BLOCK));
    static final CommentSyntax JSX = new CommentSyntax(List.of("//"), List.of(JSX_BLOCK, C_BLOCK));
    static final CommentSyntax HASH = new CommentSyntax(List.of("#"), List.of());
    static final CommentSyntax HTML = new CommentSyntax(List.of(), List.of(HTML_BLOCK));
    static final CommentSyntax DASHES = new CommentSyntax(List.of("--"), List.of());
    static final CommentSyntax SEMICOLON = new CommentSyntax(List.of(";"), List.of());
    static final CommentSyntax CSS = new CommentSyntax(List.of(), List.of(C_BLOCK));
    /** JSON has no comments, but models write {@code //} elisions in it anyway. */
    static final CommentSyntax JSON = new CommentSyntax(List.of("//"), List.of());
    /** For files whose language is unknown: every common spelling. */
    static final CommentSyntax ANY = new CommentSyntax(List.of("//", "#", "--", ";"),
            List.of(JSX_BLOCK, C_BLOCK, HTML_BLOCK));

    /**
     * The comment's inner text when the whole of {@code trimmedLine} is one comment in this syntax, else null.
     * A line comment's prefix may repeat ({@code ##}, {@code ///}); a block comment must open and close on the line.
     */
    public String commentText(String trimmedLine) {
        for (Delimiters d : blocks) {
            if (trimmedLine.length() >= d.open().length() + d.close().length()
                    && trimmedLine.startsWith(d.open()) && trimmedLine.endsWith(d.close())) {
                String inner = trimmedLine.substring(d.open().length(), trimmedLine.length() - d.close().length());
                if (!inner.contains(d.close())) {
                    return inner.strip();
                }
            }
        }
        for (String prefix : linePrefixes) {
            if (trimmedLine.startsWith(prefix)) {
                String rest = trimmedLine;
                while (rest.startsWith(prefix)) {
                    rest = rest.substring(prefix.length());
                }
                return rest.strip();
            }
        }
        return null;
    }
}
