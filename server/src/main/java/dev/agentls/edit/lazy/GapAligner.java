package dev.agentls.edit.lazy;

import java.util.Arrays;
import java.util.Set;

/**
 * Aligns a run of edit lines with a run of file lines by dynamic programming, scoring fewest changed lines, then
 * most matched lines, then most matched at their exact indentation. Three shapes: {@code MID} (both ends fixed,
 * between two anchors), {@code TAIL} (starts right after an anchor, ends free before a marker) and {@code HEAD}
 * (starts free after a marker, ends right before an anchor). In TAIL and HEAD a line may replace a similar file
 * line (a changed version of it next to a marker). Lines owned by a new block never match: they are new code.
 */
final class GapAligner {

    enum Shape { MID, TAIL, HEAD }

    /**
     * Which of equally scored alignments to take: {@code FIRST} prefers inserting, then deleting, then matching, and
     * the shortest free end; {@code LAST} the reverse. A merge run under both that gives two texts met a tie that
     * decides the result (EDIT-SEMANTICS lazy rule 3), which is refused, not guessed.
     */
    enum TieOrder { FIRST, LAST }

    /** For each edit line of the run: the file line it keeps or replaces, or -1 when it is inserted. */
    record Alignment(int[] fileLine, boolean[] replaces, int fileStart, int fileEnd) {}

    private static final long CHANGE = 1L << 40;
    private static final long MATCH = 1L << 20;
    private static final int MAX_CELLS = 2_000_000;

    private final EditModel edit;
    private final FileModel file;
    private final boolean[] owned;
    private final boolean[] soft;
    private final boolean last;
    private Set<Long> counterparts = Set.of();

    GapAligner(EditModel edit, FileModel file, boolean[] owned, boolean[] soft, TieOrder ties) {
        this.edit = edit;
        this.file = file;
        this.owned = owned;
        this.soft = soft;
        this.last = ties == TieOrder.LAST;
    }

    /** Whether {@code candidate} beats {@code best}: strictly lower, or equal under the LAST order. */
    private boolean better(long candidate, long best) {
        return candidate < best || (last && candidate == best);
    }

    Alignment align(int[] run, int from, int to, Shape shape) {
        return align(run, from, to, shape, Set.of());
    }

    /**
     * Aligns with {@code counterparts} (pairs {@code e << 32 | o}) also allowed to replace each other: the lines
     * enclosing an anchor in the edit and in the file, level by level, which are one block's changed first line.
     */
    Alignment align(int[] run, int from, int to, Shape shape, Set<Long> counterparts) {
        this.counterparts = counterparts;
        int n = run.length;
        if (shape == Shape.HEAD) {
            int[] reversed = new int[n];
            for (int i = 0; i < n; i++) {
                reversed[i] = run[n - 1 - i];
            }
            Alignment a = solve(reversed, from, to, true, false);
            int[] lines = new int[n];
            boolean[] replaces = new boolean[n];
            for (int i = 0; i < n; i++) {
                lines[i] = a.fileLine()[n - 1 - i];
                replaces[i] = a.replaces()[n - 1 - i];
            }
            return new Alignment(lines, replaces, a.fileStart(), a.fileEnd());
        }
        return solve(run, from, to, false, shape == Shape.MID);
    }

    /** The file line at position b of the window, read backwards when {@code reversed}. */
    private static int at(int from, int to, boolean reversed, int b) {
        return reversed ? to - 1 - b : from + b;
    }

    private Alignment solve(int[] run, int from, int to, boolean reversed, boolean fixedEnd) {
        int n = run.length;
        // A line matched after deleting k file lines never beats inserting it, so a free end needs few lines.
        int m = fixedEnd ? to - from : Math.min(to - from, 2 * n + 4);
        if ((long) (n + 1) * (m + 1) > MAX_CELLS) {
            return replaceAll(run, from, to);
        }
        long[][] score = new long[n + 1][m + 1];
        byte[][] move = new byte[n + 1][m + 1];
        for (int b = 1; b <= m; b++) {
            score[0][b] = score[0][b - 1] + 2 * CHANGE;
            move[0][b] = 'd';
        }
        for (int a = 1; a <= n; a++) {
            int e = run[a - 1];
            long insertCost = soft[e] ? 0 : 2 * CHANGE;
            score[a][0] = score[a - 1][0] + insertCost;
            move[a][0] = 'i';
            for (int b = 1; b <= m; b++) {
                long best = score[a - 1][b] + insertCost;
                byte how = 'i';
                long del = score[a][b - 1] + 2 * CHANGE;
                if (better(del, best)) {
                    best = del;
                    how = 'd';
                }
                int o = at(from, to, reversed, b - 1);
                if (!owned[e] && edit.keys[e].equals(file.keys[o])) {
                    long match = score[a - 1][b - 1] - MATCH - (edit.indent[e] == file.indent[o] ? 1 : 0);
                    if (better(match, best)) {
                        best = match;
                        how = 'm';
                    }
                } else if (!fixedEnd && !owned[e] && (Similarity.changedVersion(edit.keys[e], file.keys[o], file.settings)
                        || counterparts.contains(((long) e << 32) | o))) {
                    long replace = score[a - 1][b - 1] + CHANGE;
                    if (better(replace, best)) {
                        best = replace;
                        how = 'r';
                    }
                }
                score[a][b] = best;
                move[a][b] = how;
            }
        }
        int end = m;
        if (!fixedEnd) {
            for (int b = 0; b <= m; b++) {
                boolean tie = score[n][b] == score[n][end] && (last ? b > end : b < end);
                if (score[n][b] < score[n][end] || tie) {
                    end = b;
                }
            }
        }
        int[] lines = new int[n];
        boolean[] replaces = new boolean[n];
        int a = n;
        int b = end;
        while (a > 0 || b > 0) {
            byte how = a == 0 ? (byte) 'd' : b == 0 ? (byte) 'i' : move[a][b];
            if (how == 'm' || how == 'r') {
                lines[a - 1] = at(from, to, reversed, b - 1);
                replaces[a - 1] = how == 'r';
                a--;
                b--;
            } else if (how == 'i') {
                lines[a - 1] = -1;
                a--;
            } else {
                b--;
            }
        }
        int start = reversed ? to - end : from;
        int stop = reversed ? to : from + end;
        return new Alignment(lines, replaces, start, stop);
    }

    /** Too large to align line by line: the run replaces the window wholesale. */
    private static Alignment replaceAll(int[] run, int from, int to) {
        int[] lines = new int[run.length];
        Arrays.fill(lines, -1);
        return new Alignment(lines, new boolean[run.length], from, to);
    }
}
