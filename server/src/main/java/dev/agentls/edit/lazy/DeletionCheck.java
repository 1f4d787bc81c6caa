package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.List;

/**
 * The guard against a lazy model dropping code: a merge whose net loss (non-blank file lines gone, less non-blank
 * lines added) is more than a third of the file's non-blank lines, and at least three lines, is refused, naming how
 * much and where. A rewrite replaces what it removes; a lazy model's omission does not.
 */
final class DeletionCheck {

    private static final int MIN_LINES = 3;

    private DeletionCheck() {}

    static LazyEditFailure check(EditModel edit, FileModel file, List<Piece> pieces) {
        boolean[] survives = new boolean[file.size()];
        int added = 0;
        for (Piece p : pieces) {
            if (p.o() >= 0 && !p.replace()) {
                survives[p.o()] = true;
            } else if (!edit.blank(p.e())) {
                added++;
            }
        }
        int deleted = 0;
        List<String> ranges = new ArrayList<>();
        int start = -1;
        for (int o = 0; o <= file.size(); o++) {
            boolean gone = o < file.size() && !survives[o];
            if (gone && !file.blank(o)) {
                deleted++;
            }
            if (gone && start < 0) {
                start = o;
            } else if (!gone && start >= 0) {
                ranges.add(start + 1 == o ? "line " + o : "lines " + (start + 1) + "-" + o);
                start = -1;
            }
        }
        int total = file.nonBlankLines();
        int lost = deleted - added;
        if (lost < MIN_LINES || lost * 3 <= total) {
            return null;
        }
        List<String> shown = ranges.size() > 5 ? new ArrayList<>(ranges.subList(0, 5)) : ranges;
        if (ranges.size() > 5) {
            shown.add("and " + (ranges.size() - 5) + " more ranges");
        }
        return new LazyEditFailure.SuspiciousDeletion(deleted, added, total, shown);
    }
}
