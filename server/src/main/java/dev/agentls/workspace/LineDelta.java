package dev.agentls.workspace;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Lines added and removed between two versions of a file, for change logs and summaries. The common first and last
 * lines are set aside; what lies between is diffed as {@code diff} would while that stays cheap. A line diff takes
 * time in proportion to the lines times the lines that differ (a minute for two unrelated 50,000-line files), so a
 * larger middle is counted as the lines each side has that the other lacks (as a multiset): the same counts for
 * lines changed in place, fewer than {@code diff} gives only for lines that moved.
 */
public record LineDelta(int added, int removed) {

    /** Above this many line pairs between the common head and tail, the lines between count as rewritten. */
    static final long MAX_PAIRS = 25_000_000L;

    /** Between two texts, split into lines at any line break, a final break ending the last line. */
    public static LineDelta between(String oldText, String newText) {
        return between(lines(oldText), lines(newText));
    }

    /** The lines of a text; a final line break ends the last line rather than starting an empty one. */
    public static List<String> lines(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\r\n|\n|\r", -1)));
        if (text.endsWith("\n") || text.endsWith("\r")) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    public static LineDelta between(List<String> oldLines, List<String> newLines) {
        int head = 0;
        int shorter = Math.min(oldLines.size(), newLines.size());
        while (head < shorter && oldLines.get(head).equals(newLines.get(head))) {
            head++;
        }
        int tail = 0;
        while (tail < shorter - head
                && oldLines.get(oldLines.size() - 1 - tail).equals(newLines.get(newLines.size() - 1 - tail))) {
            tail++;
        }
        List<String> oldMiddle = oldLines.subList(head, oldLines.size() - tail);
        List<String> newMiddle = newLines.subList(head, newLines.size() - tail);
        if ((long) oldMiddle.size() * newMiddle.size() > MAX_PAIRS) {
            return unmatched(oldMiddle, newMiddle);
        }
        int added = 0;
        int removed = 0;
        for (AbstractDelta<String> d : DiffUtils.diff(oldMiddle, newMiddle).getDeltas()) {
            removed += d.getSource().size();
            added += d.getTarget().size();
        }
        return new LineDelta(added, removed);
    }

    private static LineDelta unmatched(List<String> oldLines, List<String> newLines) {
        Map<String, Integer> counts = new HashMap<>();
        for (String line : oldLines) {
            counts.merge(line, 1, Integer::sum);
        }
        int added = 0;
        for (String line : newLines) {
            Integer left = counts.get(line);
            if (left == null || left == 0) {
                added++;
            } else {
                counts.put(line, left - 1);
            }
        }
        int removed = oldLines.size() - (newLines.size() - added);
        return new LineDelta(added, removed);
    }
}
