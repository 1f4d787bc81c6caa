package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * Merges one gap: the tail after its start anchor, the original lines a marker stands for, the floating segments
 * (new code between markers, placed right before the next anchor, or at the end of the enclosing block when the
 * edit ends in a marker) and the head before its end anchor. Blank lines next to a marker are soft: written only
 * where they separate new code from kept code that is not already separated by a blank line.
 */
final class GapMerger {

    private final EditModel edit;
    private final FileModel file;
    private final GapAligner aligner;
    private final boolean[] soft;
    private final AnchorChain chain;
    /** The first edit line found ambiguous between a changed version and a kept line after a deletion, if any. */
    private LazyEditFailure ambiguity;

    GapMerger(EditModel edit, FileModel file, GapAligner aligner, boolean[] soft, AnchorChain chain) {
        this.edit = edit;
        this.file = file;
        this.aligner = aligner;
        this.soft = soft;
        this.chain = chain;
    }

    /** The anchor whose block new code belongs to: its enclosing edit line when anchored, else the gap's start. */
    private Anchor owner(Gap gap, int firstCode) {
        int enclosing = edit.enclosing[firstCode];
        Anchor anchored = enclosing >= 0 ? chain.get(enclosing) : null;
        return anchored != null ? anchored : gap.start();
    }

    List<Piece> merge(Gap gap) {
        List<Piece> out = new ArrayList<>();
        if (!gap.hasMarker()) {
            emit(gap.run(), aligner.align(gap.run(), gap.from(), gap.to(), GapAligner.Shape.MID), out);
            return out;
        }
        int[] tail = gap.tail();
        int[] head = gap.head();
        GapAligner.Alignment t = gap.startsVirtual()
                ? aligner.align(tail, gap.from(), gap.to(), GapAligner.Shape.TAIL)
                : aligner.align(tail, gap.from(), gap.to(), GapAligner.Shape.TAIL, enclosing(gap.start(), 1));
        int p = t.fileEnd();
        GapAligner.Alignment h = gap.endsVirtual()
                ? aligner.align(head, p, gap.to(), GapAligner.Shape.HEAD)
                : aligner.align(head, p, gap.to(), GapAligner.Shape.HEAD, enclosing(gap.end(), -1));
        int s = h.fileStart();
        noteChangedOrKept(tail, t, gap.from(), Math.min(gap.to(), gap.from() + 2 * tail.length + 4), 1);
        noteChangedOrKept(head, h, Math.max(p, gap.to() - 2 * head.length - 4), gap.to(), -1);
        List<int[]> floating = gap.floating().stream().filter(this::hasCode).toList();
        int pos = floating.isEmpty() ? s : blockEnd(owner(gap, firstCode(floating.get(0))), firstCode(floating.get(0)),
                p, s);
        int firstRegionEnd = floating.isEmpty() ? s : pos;
        int secondRegionStart = floating.isEmpty() ? p : pos;

        List<Piece> tailPieces = new ArrayList<>();
        emit(tail, t, tailPieces);
        dropSoft(tailPieces, p, firstRegionEnd);
        out.addAll(tailPieces);
        keep(p, pos, out);
        for (int k = 0; k < floating.size(); k++) {
            List<Piece> segment = new ArrayList<>();
            for (int e : floating.get(k)) {
                segment.add(Piece.added(e));
            }
            boolean first = k == 0;
            boolean last = k == floating.size() - 1;
            dropLeadingSoft(segment, first ? p : 0, first ? pos : 0);
            dropSoft(segment, last ? pos : 0, last ? s : 0);
            out.addAll(segment);
        }
        keep(pos, s, out);
        List<Piece> headPieces = new ArrayList<>();
        emit(head, h, headPieces);
        dropLeadingSoft(headPieces, secondRegionStart, s);
        out.addAll(headPieces);
        return out;
    }

    /** The first ambiguity {@link #merge} met, or null: the merge's pieces are not to be used then. */
    LazyEditFailure ambiguity() {
        return ambiguity;
    }

    /**
     * Lazy rules 3 and 8 next to a marker: an edit line aligned as a changed version of a file line, while the same
     * line stands unchanged a little further from the anchor (before the marker's free end), reads two ways: that
     * line changed, or the lines before its twin deleted and the twin kept. The two give different files, and
     * nothing in the edit tells which the model meant (a docstring's closing quotes, a repeated statement), so the
     * merge is refused naming both lines, never guessed.
     *
     * @param step 1 for a tail (the twin lies after the changed line), -1 for a head (before it)
     */
    private void noteChangedOrKept(int[] run, GapAligner.Alignment a, int windowFrom, int windowTo, int step) {
        for (int i = 0; i < run.length && ambiguity == null; i++) {
            int o = a.fileLine()[i];
            int e = run[i];
            if (o < 0 || !a.replaces()[i] || edit.blank(e)) {
                continue;
            }
            for (int twin = o + step; twin >= windowFrom && twin < windowTo; twin += step) {
                if (edit.keys[e].equals(file.keys[twin]) && !matchedElsewhere(a, twin)) {
                    // The lines the second reading deletes: from the changed line up to its twin, twin excluded.
                    int delFrom = step > 0 ? o : twin + 1;
                    int delTo = step > 0 ? twin - 1 : o;
                    String deleted = delFrom == delTo ? "line " + (delFrom + 1)
                            : "lines " + (delFrom + 1) + "-" + (delTo + 1);
                    ambiguity = new LazyEditFailure.UnplaceableLine(e + 1, edit.lines.get(e), "it reads as line "
                            + (o + 1) + " changed, and as line " + (twin + 1) + " kept with " + deleted
                            + " deleted; show the lines around it as they stand");
                    break;
                }
            }
        }
    }

    private static boolean matchedElsewhere(GapAligner.Alignment a, int fileLine) {
        for (int o : a.fileLine()) {
            if (o == fileLine) {
                return true;
            }
        }
        return false;
    }

    /**
     * The lines around an anchor at shallower indentation, level by level, in the edit and in the file, paired:
     * looking back ({@code step} -1) they are the blocks it sits in; looking forward, those blocks' closing lines.
     */
    private Set<Long> enclosing(Anchor anchor, int step) {
        List<Integer> e = step < 0 ? chain(edit.enclosing, anchor.e()) : closers(edit.enclosing, anchor.e(),
                edit.size(), k -> !edit.code(k), k -> edit.indent[k]);
        List<Integer> o = step < 0 ? chain(file.enclosing, anchor.o()) : closers(file.enclosing, anchor.o(),
                file.size(), file::blank, k -> file.indent[k]);
        Set<Long> pairs = new HashSet<>();
        for (int i = 0; i < Math.min(e.size(), o.size()); i++) {
            String editKey = edit.keys[e.get(i)];
            String fileKey = file.keys[o.get(i)];
            // Only the same block's lines: two closing lines, or two first lines opening the same name. The next
            // shallower line of an indentation language is just the next statement, never a counterpart.
            boolean same = step < 0 ? LineKeys.sameHead(editKey, fileKey)
                    : LineKeys.isCloser(editKey) && LineKeys.isCloser(fileKey);
            if (same) {
                pairs.add(((long) e.get(i) << 32) | o.get(i));
            }
        }
        return pairs;
    }

    /** The lines enclosing {@code line}, innermost first. */
    private static List<Integer> chain(int[] enclosing, int line) {
        List<Integer> found = new ArrayList<>();
        for (int k = enclosing[line]; k >= 0; k = enclosing[k]) {
            found.add(k);
        }
        return found;
    }

    /** The first line after {@code line} at each shallower level, innermost first: its blocks' closing lines. */
    private static List<Integer> closers(int[] enclosing, int line, int size, IntPredicate skip,
            IntUnaryOperator indent) {
        List<Integer> found = new ArrayList<>();
        int level = indent.applyAsInt(line);
        for (int k = line + 1; k < size && level > 0 && found.size() < 8; k++) {
            if (!skip.test(k) && indent.applyAsInt(k) < level) {
                found.add(k);
                level = indent.applyAsInt(k);
            }
        }
        return found;
    }

    /** The edit run and its alignment as pieces in text order; file lines left unmatched are deleted. */
    private static void emit(int[] run, GapAligner.Alignment a, List<Piece> out) {
        for (int i = 0; i < run.length; i++) {
            int o = a.fileLine()[i];
            out.add(o < 0 ? Piece.added(run[i]) : new Piece(run[i], o, a.replaces()[i]));
        }
    }

    private static void keep(int from, int to, List<Piece> out) {
        for (int o = from; o < to; o++) {
            out.add(Piece.kept(o));
        }
    }

    /**
     * Soft blank lines at the end of {@code pieces} (inserted, next to the marker whose region is
     * {@code [regionStart, regionEnd)}) are kept only when the region is not empty, the line before them is new,
     * and the region does not begin with a blank line already; then all of them, as the model spaced its code.
     */
    private void dropSoft(List<Piece> pieces, int regionStart, int regionEnd) {
        int i = pieces.size();
        while (i > 0 && softInserted(pieces.get(i - 1))) {
            i--;
        }
        if (i == pieces.size()) {
            return;
        }
        boolean keep = regionStart < regionEnd && i > 0 && pieces.get(i - 1).isNew() && !file.blank(regionStart);
        if (!keep) {
            pieces.subList(i, pieces.size()).clear();
        }
    }

    /** The mirror of {@link #dropSoft} for soft lines at the start, next to a region that ends before them. */
    private void dropLeadingSoft(List<Piece> pieces, int regionStart, int regionEnd) {
        int i = 0;
        while (i < pieces.size() && softInserted(pieces.get(i))) {
            i++;
        }
        if (i == 0) {
            return;
        }
        boolean keep = regionStart < regionEnd && i < pieces.size() && pieces.get(i).isNew()
                && !file.blank(regionEnd - 1);
        if (!keep) {
            pieces.subList(0, i).clear();
        }
    }

    private boolean softInserted(Piece piece) {
        return piece.o() < 0 && piece.e() >= 0 && soft[piece.e()];
    }

    private boolean hasCode(int[] segment) {
        return firstCode(segment) >= 0;
    }

    private int firstCode(int[] segment) {
        for (int e : segment) {
            if (edit.code(e)) {
                return e;
            }
        }
        return -1;
    }

    /**
     * Where new code between markers goes: right before the next anchor ({@code s}), unless it is indented deeper
     * than the anchor whose block it sits in and that block ends first; then at the end of that block (the file
     * lines after the anchor indented deeper than it, comments at any depth included). So a method shown inside
     * {@code class A} lands in A even when the next anchor is {@code class B}, or when nothing follows.
     */
    private int blockEnd(Anchor anchor, int firstCode, int p, int s) {
        if (anchor.virtual() || edit.indent[firstCode] <= edit.indent[anchor.e()]) {
            return s;
        }
        int last = Math.max(p, anchor.o() + 1);
        for (int o = Math.max(p, anchor.o() + 1); o < s; o++) {
            if (file.blank(o) || LineKeys.isComment(file.keys[o])) {
                continue;
            }
            if (file.indent[o] <= file.indent[anchor.o()]) {
                break;
            }
            last = o + 1;
        }
        return Math.min(Math.max(last, p), s);
    }
}
