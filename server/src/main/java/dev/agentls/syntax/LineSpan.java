package dev.agentls.syntax;

/** Lines {@code first} to {@code last} of a text, 1-based and inclusive. */
public record LineSpan(int first, int last) {

    public LineSpan {
        if (first < 1 || last < first) {
            throw new IllegalArgumentException("not a span of lines: " + first + "-" + last);
        }
    }
}
