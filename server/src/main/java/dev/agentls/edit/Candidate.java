package dev.agentls.edit;

/**
 * A place a SEARCH could stand for: {@code [start, end)} of a {@link Document}'s matching view. {@code wholeLines}
 * when it starts at a line's start and ends after a line break (or at a line's end).
 */
record Candidate(int start, int end, boolean wholeLines) {

    static Candidate lines(Document doc, int firstLine, int lineCount) {
        return new Candidate(doc.lineStart(firstLine), doc.lineStart(firstLine + lineCount), true);
    }
}
