package dev.agentls.edit.lazy;

import dev.agentls.edit.BlockMatch;
import java.util.ArrayList;
import java.util.List;

/**
 * The changed regions of a merge as {@link BlockMatch}es with strategy {@code lazy}, numbered in order, in the
 * original's 1-based lines: the lines replaced or deleted, or for a pure insertion the line it follows (line 1 when
 * it comes first).
 */
final class Hunks {

    static final String STRATEGY = "lazy";

    private Hunks() {}

    static List<BlockMatch> of(FileModel file, List<Piece> pieces) {
        List<BlockMatch> hunks = new ArrayList<>();
        Region region = new Region();
        int next = 0;
        for (Piece p : pieces) {
            if (p.isNew()) {
                int to = p.o() >= 0 ? p.o() : next - 1;
                region.open = true;
                region.touch(next, to);
                next = Math.max(next, to + 1);
                continue;
            }
            // A kept line: the lines skipped before it were deleted; the line itself ends any open region.
            region.touch(next, p.o() - 1);
            if (region.open) {
                hunks.add(hunk(hunks.size() + 1, region, next));
                region = new Region();
            }
            next = p.o() + 1;
        }
        region.touch(next, file.size() - 1);
        if (region.open) {
            hunks.add(hunk(hunks.size() + 1, region, next));
        }
        return hunks;
    }

    /** A changed region being collected: open once anything changed, with the original lines it consumed. */
    private static final class Region {
        boolean open;
        int first = -1;
        int last = -1;

        /** Marks original lines {@code [from, to]} changed; an empty range still opens the region. */
        void touch(int from, int to) {
            if (from <= to) {
                first = first < 0 ? from : first;
                last = to;
                open = true;
            }
        }
    }

    private static BlockMatch hunk(int number, Region region, int next) {
        if (region.first < 0) {
            int after = Math.max(1, next);
            return new BlockMatch(number, STRATEGY, after, after);
        }
        return new BlockMatch(number, STRATEGY, region.first + 1, region.last + 1);
    }
}
