package dev.agentls.edit;

import java.util.Objects;

/**
 * Replace a range of the OLD text with {@code newText}. Positions are 0-based lines and characters counted in UTF-16
 * code units (Java chars), exactly LSP's positions; the end is exclusive. A line break belongs to the line it ends.
 */
public record TextReplacement(int startLine, int startCharacter, int endLine, int endCharacter, String newText) {

    public TextReplacement {
        if (startLine < 0 || startCharacter < 0 || endLine < startLine
                || (endLine == startLine && endCharacter < startCharacter)) {
            throw new IllegalArgumentException("bad range " + startLine + ":" + startCharacter + "-" + endLine + ":" + endCharacter);
        }
        Objects.requireNonNull(newText, "newText");
    }
}
