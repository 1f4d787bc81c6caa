package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * One place where two texts differ, as char offsets into both: {@code [oldStart, oldEnd)} of the old text became
 * {@code [newStart, newEnd)} of the new one. The regions of {@link #between} are the minimal edits, in order.
 */
public record ChangedRegion(int oldStart, int oldEnd, int newStart, int newEnd) {

    public static List<ChangedRegion> between(String oldText, String newText) {
        Positions positions = new Positions(oldText);
        List<ChangedRegion> out = new ArrayList<>();
        int shift = 0;
        for (TextReplacement r : MinimalEdits.between(oldText, newText)) {
            int start = positions.offset(r.startLine(), r.startCharacter());
            int end = positions.offset(r.endLine(), r.endCharacter());
            out.add(new ChangedRegion(start, end, start + shift, start + shift + r.newText().length()));
            shift += r.newText().length() - (end - start);
        }
        return out;
    }
}
