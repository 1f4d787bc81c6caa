package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The anchors of an edit, increasing in both edit and file lines. Built from lines that occur exactly once in the
 * file and from definitions matched by name, keeping the heaviest chain that is in order in both texts (so one
 * moved or duplicated line cannot drag the rest); then every anchored opener's closing line anchors to its closer.
 */
final class AnchorChain {

    private final TreeMap<Integer, Anchor> byEdit = new TreeMap<>();

    static AnchorChain build(EditModel edit, FileModel file, List<Anchor> structural) {
        List<Anchor> candidates = new ArrayList<>(structural);
        for (int e = 0; e < edit.size(); e++) {
            if (edit.code(e)) {
                List<Integer> at = file.occurrences(edit.keys[e]);
                if (at.size() == 1) {
                    candidates.add(new Anchor(e, at.get(0), false, 1));
                }
            }
        }
        AnchorChain chain = new AnchorChain();
        for (Anchor a : heaviestIncreasing(candidates)) {
            chain.byEdit.put(a.e(), a);
        }
        chain.dropMisplaced(edit, file);
        chain.addClosers(edit, file);
        return chain;
    }

    /**
     * Drops a line anchor whose block does not match: the edit shows it inside a block (at a level the file line
     * is nested at, not a new wrapper around it) whose first line neither anchors to the file line's block nor
     * looks like a changed version of it. That is a new method whose {@code return this;} happens to be unique,
     * not the old method. Outer lines are judged first, so a dropped opener drops what it decided.
     */
    private void dropMisplaced(EditModel edit, FileModel file) {
        List<Anchor> outerFirst = anchors();
        outerFirst.sort(Comparator.comparingInt(a -> edit.indent[a.e()]));
        for (Anchor a : outerFirst) {
            if (a.weight() != 1) {
                continue;
            }
            int enclosingEdit = edit.enclosing[a.e()];
            if (enclosingEdit < 0 || edit.indent[enclosingEdit] >= file.indent[a.o()]) {
                continue;
            }
            int enclosingFile = file.enclosing[a.o()];
            if (enclosingFile < 0) {
                continue;
            }
            Anchor outer = byEdit.get(enclosingEdit);
            boolean fits = outer != null ? outer.o() == enclosingFile
                    : LineKeys.sameHead(edit.keys[enclosingEdit], file.keys[enclosingFile]);
            if (!fits) {
                byEdit.remove(a.e());
            }
        }
    }

    /** A chain with the same anchors that a merge run can extend without touching this one. */
    AnchorChain copy() {
        AnchorChain copy = new AnchorChain();
        copy.byEdit.putAll(byEdit);
        return copy;
    }

    List<Anchor> anchors() {
        return new ArrayList<>(byEdit.values());
    }

    boolean isEmpty() {
        return byEdit.isEmpty();
    }

    /** The anchor of edit line {@code e}, or null. */
    Anchor get(int e) {
        return byEdit.get(e);
    }

    boolean anchored(int e) {
        return byEdit.containsKey(e);
    }

    /** Adds an anchor when it keeps the chain increasing in both texts; says whether it did. */
    boolean insert(Anchor a) {
        if (byEdit.containsKey(a.e())) {
            return false;
        }
        Map.Entry<Integer, Anchor> before = byEdit.lowerEntry(a.e());
        Map.Entry<Integer, Anchor> after = byEdit.higherEntry(a.e());
        if ((before != null && before.getValue().o() >= a.o()) || (after != null && after.getValue().o() <= a.o())) {
            return false;
        }
        byEdit.put(a.e(), a);
        return true;
    }

    /** Each anchored opener's closer anchors to the file opener's closer (repeatedly: closers may open too). */
    void addClosers(EditModel edit, FileModel file) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Anchor a : anchors()) {
                if (!LineKeys.isOpener(edit.keys[a.e()]) || !LineKeys.isOpener(file.keys[a.o()])) {
                    continue;
                }
                int ce = edit.closerOf(a.e());
                int co = file.closerOf(a.o());
                if (ce >= 0 && co >= 0 && !byEdit.containsKey(ce)) {
                    changed |= insert(new Anchor(ce, co, !edit.keys[ce].equals(file.keys[co]), 1));
                }
            }
        }
    }

    /**
     * The heaviest subset strictly increasing in both coordinates (a weighted longest increasing subsequence with a
     * Fenwick tree of prefix maxima over file lines: n log m).
     */
    static List<Anchor> heaviestIncreasing(List<Anchor> candidates) {
        if (candidates.isEmpty()) {
            return List.of();
        }
        List<Anchor> sorted = new ArrayList<>(candidates);
        // File lines ranked among the candidates' own, so the tree is as small as the candidate list.
        int[] ranks = candidates.stream().mapToInt(Anchor::o).sorted().distinct().toArray();
        // Equal edit lines sorted by descending file line, so two candidates of one edit line never chain.
        sorted.sort(Comparator.comparingInt(Anchor::e).thenComparing(Comparator.comparingInt(Anchor::o).reversed()));
        int n = sorted.size();
        int size = ranks.length;
        long[] tree = new long[size + 1];
        int[] treeIndex = new int[size + 1];
        Arrays.fill(treeIndex, -1);
        long[] best = new long[n];
        int[] prev = new int[n];
        for (int k = 0; k < n; k++) {
            Anchor a = sorted.get(k);
            int rank = Arrays.binarySearch(ranks, a.o());
            long bestBefore = 0;
            int from = -1;
            for (int i = rank; i > 0; i -= i & -i) {
                if (tree[i] > bestBefore) {
                    bestBefore = tree[i];
                    from = treeIndex[i];
                }
            }
            best[k] = bestBefore + a.weight();
            prev[k] = from;
            for (int i = rank + 1; i <= size; i += i & -i) {
                if (best[k] > tree[i]) {
                    tree[i] = best[k];
                    treeIndex[i] = k;
                }
            }
        }
        int end = -1;
        for (int k = 0; k < n; k++) {
            if (end < 0 || best[k] > best[end]) {
                end = k;
            }
        }
        List<Anchor> chain = new ArrayList<>();
        for (int k = end; k >= 0; k = prev[k]) {
            chain.add(0, sorted.get(k));
        }
        return chain;
    }
}
