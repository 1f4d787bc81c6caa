package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * EDIT-SEMANTICS rule 11: where in the evolving text each earlier block of one edit wrote its REPLACE, kept in
 * step with later splices, so a later block's non-exact match never lands inside it.
 */
final class WrittenRegions {

    /** {start, end, block number}, offsets of the current matching view. */
    private final List<int[]> regions = new ArrayList<>();

    /** Records that {@code block} replaced {@code [start, end)} with text now ending at {@code newEnd}. */
    void written(int block, int start, int end, int newEnd) {
        int delta = newEnd - end;
        for (int[] r : regions) {
            if (r[0] >= end) {
                r[0] += delta;
                r[1] += delta;
            } else if (r[1] > start) {
                r[0] = Math.min(r[0], start);
                r[1] = Math.max(r[1] + delta, newEnd);
            }
        }
        regions.add(new int[] {start, newEnd, block});
    }

    /** The earlier block whose written text {@code c} overlaps, or 0. */
    int overlapping(Candidate c) {
        for (int[] r : regions) {
            if (c.start() < r[1] && c.end() > r[0] && r[1] > r[0]) {
                return r[2];
            }
        }
        return 0;
    }
}
