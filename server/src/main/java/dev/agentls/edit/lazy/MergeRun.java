package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One attempt at merging an edit into a file under one reading of its edges ({@code leadingMarker}: the edit
 * behaves as if it began with a marker; likewise {@code trailingMarker}). Finishes the anchors (lines unique within
 * the gap a floating segment sits in), refuses what cannot be placed, and returns the merged lines as pieces.
 */
final class MergeRun {

    /** Pieces of the merged text, or the reason there are none. */
    record Outcome(List<Piece> pieces, boolean[] owned, LazyEditFailure failure) {}

    private static final int MAX_ROUNDS = 32;

    private final EditModel edit;
    private final FileModel file;
    private final AnchorChain chain;
    private final boolean leadingMarker;
    private final boolean trailingMarker;
    private final GapAligner.TieOrder ties;
    private boolean[] owned;
    private final boolean[] soft;
    private final int editUnit;
    private final int fileUnit;

    MergeRun(EditModel edit, FileModel file, AnchorChain chain, boolean leadingMarker, boolean trailingMarker,
            GapAligner.TieOrder ties) {
        this.ties = ties;
        this.edit = edit;
        this.file = file;
        this.chain = chain;
        this.leadingMarker = leadingMarker;
        this.trailingMarker = trailingMarker;
        this.soft = new boolean[edit.size()];
        this.editUnit = Reindenter.unit(edit.indent, e -> !edit.code(e));
        this.fileUnit = Reindenter.unit(file.indent, file::blank);
    }

    Outcome run() {
        owned = Ownership.owned(edit, file, chain);
        extendRuns();
        anchorFloatingSegments();
        List<Gap> gaps = gaps();
        for (Gap gap : gaps) {
            LazyEditFailure failure = checkFloating(gap);
            if (failure != null) {
                return new Outcome(List.of(), owned, failure);
            }
        }
        GapMerger merger = new GapMerger(edit, file, new GapAligner(edit, file, owned, soft, ties), soft, chain);
        List<Piece> pieces = new ArrayList<>();
        for (Gap gap : gaps) {
            pieces.addAll(merger.merge(gap));
            if (merger.ambiguity() != null) {
                return new Outcome(List.of(), owned, merger.ambiguity());
            }
            if (!gap.endsVirtual()) {
                Anchor a = gap.end();
                pieces.add(new Piece(a.e(), a.o(), a.replace()));
            }
        }
        return new Outcome(pieces, owned, null);
    }

    /** The gaps between consecutive anchors, virtual ones at both edges, with soft blank lines marked. */
    List<Gap> gaps() {
        List<Anchor> anchors = new ArrayList<>();
        anchors.add(Anchor.virtual(-1, -1));
        anchors.addAll(chain.anchors());
        anchors.add(Anchor.virtual(edit.size(), file.size()));
        List<Gap> gaps = new ArrayList<>();
        for (int k = 0; k + 1 < anchors.size(); k++) {
            Anchor a = anchors.get(k);
            Anchor b = anchors.get(k + 1);
            List<Integer> run = new ArrayList<>();
            if (k == 0 && leadingMarker) {
                run.add(Gap.MARKER);
            }
            for (int e = a.e() + 1; e < b.e(); e++) {
                if (!edit.marker[e]) {
                    run.add(e);
                } else if (run.isEmpty() || run.get(run.size() - 1) != Gap.MARKER) {
                    run.add(Gap.MARKER);
                }
            }
            if (k + 2 == anchors.size() && trailingMarker
                    && (run.isEmpty() || run.get(run.size() - 1) != Gap.MARKER)) {
                run.add(Gap.MARKER);
            }
            int[] r = run.stream().mapToInt(Integer::intValue).toArray();
            markSoft(r);
            gaps.add(new Gap(a, b, r, a.o() + 1, b.o()));
        }
        return gaps;
    }

    private void markSoft(int[] run) {
        for (int i = 0; i < run.length; i++) {
            if (run[i] == Gap.MARKER || !edit.blank(run[i])) {
                continue;
            }
            soft[run[i]] = reachesMarker(run, i, -1) || reachesMarker(run, i, 1);
        }
    }

    private boolean reachesMarker(int[] run, int i, int step) {
        for (int k = i + step; k >= 0 && k < run.length; k += step) {
            if (run[k] == Gap.MARKER) {
                return true;
            }
            if (!edit.blank(run[k])) {
                return false;
            }
        }
        return false;
    }

    /**
     * Lines right next to an anchor that equal the file's lines right next to it anchor too, outward until a line
     * differs (a repeated line is placed by the anchor beside it), so an anchored opener such as a repeated
     * {@code if (err != nil) {} also anchors its closing line. Lines of a new block never extend a run.
     */
    private void extendRuns() {
        boolean changed = true;
        for (int round = 0; changed && round < MAX_ROUNDS; round++) {
            changed = false;
            for (Anchor a : chain.anchors()) {
                changed |= extend(a, 1) | extend(a, -1);
            }
            if (changed) {
                chain.addClosers(edit, file);
                owned = Ownership.owned(edit, file, chain);
            }
        }
    }

    private boolean extend(Anchor from, int step) {
        boolean changed = false;
        for (int e = from.e() + step, o = from.o() + step; e >= 0 && e < edit.size() && o >= 0 && o < file.size()
                && edit.code(e) && !owned[e] && edit.keys[e].equals(file.keys[o])
                && sameNesting(e - step, o - step, e, o); e += step, o += step) {
            if (chain.anchored(e)) {
                break;
            }
            if (!chain.insert(new Anchor(e, o, false, 1))) {
                break;
            }
            changed = true;
        }
        return changed;
    }

    /**
     * Whether the step in depth from one line to the next is the same in the edit and in the file, counted in each
     * one's indentation unit: a repeated closing line one level out in the edit is not the file's closing line two
     * levels out. Steps that are not whole units are only compared by direction.
     */
    private boolean sameNesting(int e0, int o0, int e1, int o1) {
        if (edit.blank(e0) || file.blank(o0)) {
            return true;
        }
        int inEdit = edit.indent[e1] - edit.indent[e0];
        int inFile = file.indent[o1] - file.indent[o0];
        if (inEdit % editUnit == 0 && inFile % fileUnit == 0) {
            return inEdit / editUnit == inFile / fileUnit;
        }
        return Integer.signum(inEdit) == Integer.signum(inFile);
    }

    /** Lines of floating segments that occur once in their gap anchor there; repeated until nothing changes. */
    private void anchorFloatingSegments() {
        for (int round = 0; round < MAX_ROUNDS; round++) {
            boolean changed = false;
            for (Gap gap : gaps()) {
                List<Anchor> candidates = new ArrayList<>();
                Map<String, List<Integer>> inGap = occurrences(gap);
                for (int[] segment : gap.floating()) {
                    for (int e : segment) {
                        List<Integer> at = context(e) ? inGap.getOrDefault(edit.keys[e], List.of()) : List.of();
                        if (at.size() == 1) {
                            candidates.add(new Anchor(e, at.get(0), false, 1));
                        }
                    }
                }
                for (Anchor a : AnchorChain.heaviestIncreasing(candidates)) {
                    changed |= chain.insert(a);
                }
            }
            if (!changed) {
                return;
            }
            chain.addClosers(edit, file);
            owned = Ownership.owned(edit, file, chain);
        }
    }

    /** A floating segment still holding a line that exists more than once in its gap cannot be placed. */
    private LazyEditFailure checkFloating(Gap gap) {
        List<int[]> floating = gap.floating();
        if (floating.isEmpty()) {
            return null;
        }
        Map<String, List<Integer>> inGap = occurrences(gap);
        for (int[] segment : floating) {
            for (int e : segment) {
                List<Integer> at = context(e) ? inGap.getOrDefault(edit.keys[e], List.of()) : List.of();
                if (at.size() > 1) {
                    return new LazyEditFailure.AmbiguousAnchor(e + 1, edit.lines.get(e),
                            at.stream().map(o -> o + 1).toList());
                }
            }
            LazyEditFailure shownButUnanchored = commentsStandingInGap(segment, gap);
            if (shownButUnanchored != null) {
                return shownButUnanchored;
            }
            if (chain.isEmpty()) {
                for (int e : segment) {
                    if (edit.code(e)) {
                        return new LazyEditFailure.UnplaceableLine(e + 1, edit.lines.get(e),
                                "no line of the edit matches the file, so nothing tells where it goes between "
                                        + "the markers; include an unchanged line from the file next to it");
                    }
                }
            }
        }
        return null;
    }

    /**
     * Lazy rule 8 for a window between two markers made only of comments, annotations and blank lines: such lines
     * never anchor (they belong to the code after them), so nothing says where the window goes. When one of them
     * stands in the file between the surrounding anchors, the window shows existing lines, and placing it as new
     * code would keep both the file's lines and the edit's copy of them; refused, naming the edit line and the
     * file line. A window of comments the file does not hold is new text, placed as new code is.
     */
    private LazyEditFailure commentsStandingInGap(int[] segment, Gap gap) {
        for (int e : segment) {
            if (context(e) || chain.anchored(e)) {
                return null;
            }
        }
        for (int e : segment) {
            if (!edit.code(e)) {
                continue;
            }
            for (int o = gap.from(); o < gap.to(); o++) {
                if (edit.keys[e].equals(file.keys[o])) {
                    return new LazyEditFailure.UnplaceableLine(e + 1, edit.lines.get(e), "only comments stand"
                            + " between its markers, and comments never anchor, yet the file holds this line at line "
                            + (o + 1) + "; include the code line that follows it in the file, so the window is"
                            + " placed there");
                }
            }
        }
        return null;
    }

    /** A line that may be context from the file: code, not part of a new block, not a comment or annotation. */
    private boolean context(int e) {
        return edit.code(e) && !owned[e] && !chain.anchored(e) && !LineKeys.isPreamble(edit.keys[e]);
    }

    private Map<String, List<Integer>> occurrences(Gap gap) {
        Map<String, List<Integer>> wanted = new HashMap<>();
        for (int[] segment : gap.floating()) {
            for (int e : segment) {
                if (context(e)) {
                    wanted.put(edit.keys[e], new ArrayList<>());
                }
            }
        }
        if (!wanted.isEmpty()) {
            for (int o = gap.from(); o < gap.to(); o++) {
                List<Integer> at = wanted.get(file.keys[o]);
                if (at != null) {
                    at.add(o);
                }
            }
        }
        return wanted;
    }
}
