package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The edit lines between two consecutive anchors ({@code start}, {@code end}; virtual ones at the edges) and the
 * file lines between them, {@code [from, to)}. In {@code run} a marker is written as {@link #MARKER}; a run cut by
 * markers has a tail (after {@code start}), floating segments (between markers) and a head (before {@code end}).
 */
record Gap(Anchor start, Anchor end, int[] run, int from, int to) {

    static final int MARKER = -1;

    boolean hasMarker() {
        for (int e : run) {
            if (e == MARKER) {
                return true;
            }
        }
        return false;
    }

    int[] tail() {
        int i = 0;
        while (i < run.length && run[i] != MARKER) {
            i++;
        }
        return Arrays.copyOfRange(run, 0, i);
    }

    int[] head() {
        int i = run.length;
        while (i > 0 && run[i - 1] != MARKER) {
            i--;
        }
        return Arrays.copyOfRange(run, i, run.length);
    }

    /** The runs strictly between two markers, in order (possibly blank-only). */
    List<int[]> floating() {
        List<int[]> segments = new ArrayList<>();
        int first = -1;
        for (int i = 0; i < run.length; i++) {
            if (run[i] == MARKER) {
                if (first >= 0 && i > first + 1) {
                    segments.add(Arrays.copyOfRange(run, first + 1, i));
                }
                first = i;
            }
        }
        return segments;
    }

    boolean startsVirtual() {
        return start.virtual();
    }

    boolean endsVirtual() {
        return end.virtual();
    }

    boolean endsWithMarker() {
        return run.length > 0 && run[run.length - 1] == MARKER;
    }
}
