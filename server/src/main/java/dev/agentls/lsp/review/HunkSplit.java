package dev.agentls.lsp.review;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.util.ArrayList;
import java.util.List;

/** The line hunks that turn one text into another, as a review shows them: where each sits in the new text. */
final class HunkSplit {

    /** A hunk before it is given an id: it starts at {@code newStart} (zero-based) of the new text. */
    record Piece(int newStart, List<String> oldLines, List<String> newLines, String lineBefore, String lineAfter) {}

    private HunkSplit() {}

    static List<Piece> between(String oldText, String newText) {
        List<String> oldLines = TextLines.of(oldText);
        List<String> newLines = TextLines.of(newText);
        List<Piece> pieces = new ArrayList<>();
        for (AbstractDelta<String> delta : DiffUtils.diff(oldLines, newLines).getDeltas()) {
            int start = delta.getTarget().getPosition();
            int end = start + delta.getTarget().size();
            pieces.add(new Piece(start, delta.getSource().getLines(), delta.getTarget().getLines(),
                    start > 0 ? newLines.get(start - 1) : null, end < newLines.size() ? newLines.get(end) : null));
        }
        return pieces;
    }
}
