package dev.agentls.edit;

/** A range of lines, 1-based and inclusive; printed the way messages name it: {@code 12-14}, or {@code 12}. */
public record LineRange(int startLine, int endLine) {

    public LineRange {
        if (startLine < 1 || endLine < startLine) {
            throw new IllegalArgumentException("bad line range " + startLine + "-" + endLine);
        }
    }

    /** {@code lines 12-14}, or {@code line 12} for a single line. */
    public String describe() {
        return startLine == endLine ? "line " + startLine : "lines " + startLine + "-" + endLine;
    }

    @Override
    public String toString() {
        return startLine == endLine ? Integer.toString(startLine) : startLine + "-" + endLine;
    }
}
