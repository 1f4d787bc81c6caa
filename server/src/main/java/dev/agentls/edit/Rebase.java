package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Carries an edit planned on one text over to a newer text that someone else changed meanwhile, by content: the
 * edit's changes (planned to ours) are put on the newer text (planned to theirs) at the places the other changes moved
 * them to, when the two sets of changes keep apart. Changes on the same line, or on lines next to each other, are a
 * conflict, as in a three-way merge: the edit was written without seeing the other change there,
 * so it is refused, naming the lines the other side changed, never merged over them.
 *
 * <p>Strings in, records out: lines are counted as LSP counts them ({@code \n}, {@code \r\n} or a lone {@code \r}
 * ends a line), one-based in the results, as people read them.
 */
public final class Rebase {

    private Rebase() {}

    /** What became of the edit. */
    public sealed interface Outcome {}

    /**
     * The edit fits the newer text: {@code text} holds both sides' changes. {@code moved} says where the edit's
     * changes went when the other side's changes shifted them (empty when they stayed on their planned lines).
     */
    public record Rebased(String text, List<Moved> moved) implements Outcome {
        public Rebased {
            Objects.requireNonNull(text, "text");
            moved = List.copyOf(moved);
        }
    }

    /** One changed region of the edit, planned at lines {@code plannedFrom..plannedTo}, put at {@code from..to}. */
    public record Moved(int plannedFrom, int plannedTo, int from, int to) {}

    /**
     * The edit touches what the other side changed: nothing was merged. {@code theirLines} are the one-based line
     * ranges of the newer text that the other side changed and the edit touches (or is next to);
     * {@code plannedLines} the same changes' lines in the planned text.
     */
    public record Conflict(List<LineSpan> theirLines, List<LineSpan> plannedLines) implements Outcome {
        public Conflict {
            theirLines = List.copyOf(theirLines);
            plannedLines = List.copyOf(plannedLines);
        }
    }

    /** One-based lines {@code from..to}, both included. */
    public record LineSpan(int from, int to) {
        public String display() {
            return from == to ? "line " + from : "lines " + from + "-" + to;
        }
    }

    /**
     * The edit (planned to ours) carried over to theirs.
     *
     * @param planned the text the edit was planned on
     * @param ours    that text with the edit applied
     * @param theirs  the newer text: planned, changed by someone else
     */
    public static Outcome onto(String planned, String ours, String theirs) {
        List<ChangedRegion> mine = ChangedRegion.between(planned, ours);
        List<ChangedRegion> others = ChangedRegion.between(planned, theirs);
        if (others.isEmpty()) {
            return new Rebased(ours, List.of());
        }
        if (mine.isEmpty()) {
            return new Rebased(theirs, List.of());
        }
        LineStarts plannedLines = new LineStarts(planned);
        LineStarts theirLines = new LineStarts(theirs);
        List<LineSpan> touched = new ArrayList<>();
        List<LineSpan> touchedPlanned = new ArrayList<>();
        for (ChangedRegion other : others) {
            long[] otherSpan = span(plannedLines, other.oldStart(), other.oldEnd());
            for (ChangedRegion region : mine) {
                long[] mySpan = span(plannedLines, region.oldStart(), region.oldEnd());
                if (otherSpan[0] <= mySpan[1] && mySpan[0] <= otherSpan[1]) {
                    touched.add(lines(theirLines, other.newStart(), other.newEnd()));
                    touchedPlanned.add(lines(plannedLines, other.oldStart(), other.oldEnd()));
                    break;
                }
            }
        }
        if (!touched.isEmpty()) {
            return new Conflict(touched.stream().distinct().toList(), touchedPlanned.stream().distinct().toList());
        }
        StringBuilder text = new StringBuilder();
        List<Moved> moved = new ArrayList<>();
        int at = 0;
        int shift = 0;
        int next = 0;
        LineStarts ourLines = new LineStarts(ours);
        for (ChangedRegion region : mine) {
            while (next < others.size() && others.get(next).oldEnd() <= region.oldStart()) {
                ChangedRegion other = others.get(next++);
                shift += (other.newEnd() - other.newStart()) - (other.oldEnd() - other.oldStart());
            }
            int start = region.oldStart() + shift;
            int end = region.oldEnd() + shift;
            text.append(theirs, at, start).append(ours, region.newStart(), region.newEnd());
            at = end;
            int lineShift = theirLines.lineOf(start) - plannedLines.lineOf(region.oldStart());
            if (lineShift != 0) {
                LineSpan planned0 = lines(ourLines, region.newStart(), region.newEnd());
                moved.add(new Moved(planned0.from(), planned0.to(), planned0.from() + lineShift,
                        planned0.to() + lineShift));
            }
        }
        text.append(theirs, at, theirs.length());
        return new Rebased(text.toString(), moved);
    }

    /** The one-based lines of {@code newer} where it differs from {@code older}, changes on touching lines joined. */
    public static List<LineSpan> changedLines(String older, String newer) {
        LineStarts lines = new LineStarts(newer);
        List<LineSpan> spans = new ArrayList<>();
        for (ChangedRegion region : ChangedRegion.between(older, newer)) {
            LineSpan span = lines(lines, region.newStart(), region.newEnd());
            LineSpan last = spans.isEmpty() ? null : spans.get(spans.size() - 1);
            if (last != null && span.from() <= last.to() + 1) {
                spans.set(spans.size() - 1, new LineSpan(last.from(), Math.max(last.to(), span.to())));
            } else {
                spans.add(span);
            }
        }
        return spans;
    }

    /**
     * A region as a closed span of line boundaries: {@code 2n} is the boundary before line n. A change within lines
     * spans from the boundary before its first line to the one after its last, so changes on the same line or on
     * lines next to each other meet; an insertion between two lines is only that boundary.
     */
    private static long[] span(LineStarts lines, int start, int end) {
        int startLine = lines.lineOf(start);
        if (start == end && lines.lineStart(startLine) == start) {
            return new long[] {2L * startLine, 2L * startLine};
        }
        int endLine = lines.lineOf(end);
        int lastLine = end > start && lines.lineStart(endLine) == end ? endLine - 1 : endLine;
        return new long[] {2L * startLine, 2L * (Math.max(startLine, lastLine) + 1)};
    }

    /** The one-based lines a region of {@code text} covers (an empty region: the line it sits on). */
    private static LineSpan lines(LineStarts lines, int start, int end) {
        int from = lines.lineOf(start);
        int to = end > start && lines.lineStart(lines.lineOf(end)) == end ? lines.lineOf(end) - 1 : lines.lineOf(end);
        return new LineSpan(from + 1, Math.max(from, to) + 1);
    }

    /** Line starts of a text, LSP's line breaks. */
    private static final class LineStarts {
        private final int[] starts;

        LineStarts(String text) {
            List<Integer> found = new ArrayList<>();
            found.add(0);
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                    found.add(i + 1);
                }
            }
            starts = found.stream().mapToInt(Integer::intValue).toArray();
        }

        int lineOf(int offset) {
            int low = 0;
            int high = starts.length - 1;
            while (low < high) {
                int mid = (low + high + 1) >>> 1;
                if (starts[mid] <= offset) {
                    low = mid;
                } else {
                    high = mid - 1;
                }
            }
            return low;
        }

        int lineStart(int line) {
            return starts[line];
        }
    }
}
