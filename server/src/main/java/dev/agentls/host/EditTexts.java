package dev.agentls.host;

import dev.agentls.edit.IndexedText;
import dev.agentls.workspace.LineStarts;
import dev.agentls.workspace.Snapshot;

/**
 * Where a file's text from the workspace meets the edit engine: the snapshot's line starts go along with its text
 * when they are already built (an open buffer's version, built as it arrived), so the engine numbers its matches
 * without counting line breaks, and the lines' hashes, so it proves a block's match is the only one after the
 * previous block by looking its lines up instead of searching the rest of the buffer. A text read from disk comes
 * with the starts its reader found in the same pass (any well-formed UTF-8 file) and without hashes, which the engine makes
 * only if a later block needs them; one whose starts nobody found yet goes alone: the engine counts only up to its
 * matches, which costs less than indexing the whole text first.
 */
public final class EditTexts {

    private EditTexts() {}

    public static IndexedText of(Snapshot snapshot) {
        LineStarts lines = snapshot.lines();
        if (!lines.isBuilt()) {
            return IndexedText.of(snapshot.text());
        }
        IndexedText indexed = IndexedText.withLineStarts(snapshot.text(), lines.starts(), lines.carriageReturns());
        // Hashes a reader's index does not have yet are not made here: most edits are one block and never need them.
        return lines.hasHashes() ? indexed.withLineHashes(lines.lineHashes()) : indexed;
    }
}
