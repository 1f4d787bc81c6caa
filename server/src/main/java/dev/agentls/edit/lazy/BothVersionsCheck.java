package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The guard of lazy rule 8, "both versions never": a line the merge inserts next to file lines that a marker keeps
 * (lines the edit does not show) must not be a changed version of one of them. If it is, the model rewrote that
 * line and the merge did not see which one it replaces (new code between markers lands before the next anchor,
 * however far from the line it rewrites), so the file would hold the old line and the new one; refused, naming
 * both, so the model can show the line it changes with an unchanged neighbour. The kept lines of the stretches on
 * both sides of the inserted run are compared, the nearest {@value #REACH} of each. A copy of a kept line counts as well where it stands at that
 * line's place (from the run's start against the lines after it, from its end against those before, one line of
 * slack): the model's own line that failed to match, a renamed method's unchanged body taken for a new one, or
 * a line written over its neighbour ({@code echo "b"} over {@code echo "a"}) while a marker keeps its own copy.
 * Other lines of a new block ({@link Ownership}) are new code, alike to old code by nature: they are compared as
 * copies only when the block is not shown closed (see {@link #unclosedNewBlocks}), never as changed versions.
 */
final class BothVersionsCheck {

    /** How far along a kept stretch lines are compared as changed versions: the nearest lines, bounding the cost. */
    private static final int REACH = 200;

    private BothVersionsCheck() {}

    static LazyEditFailure check(EditModel edit, FileModel file, List<Piece> pieces, boolean[] owned) {
        boolean[] open = unclosedNewBlocks(edit, owned);
        int i = 0;
        while (i < pieces.size()) {
            if (!inserted(pieces.get(i))) {
                i++;
                continue;
            }
            int end = i;
            List<Integer> code = new ArrayList<>();
            List<Integer> written = new ArrayList<>();
            while (end < pieces.size() && inserted(pieces.get(end))) {
                Piece p = pieces.get(end);
                if (edit.code(p.e()) && (!owned[p.e()] || open[p.e()])) {
                    written.add(p.e());
                    if (p.o() < 0) {
                        code.add(p.e());
                    }
                }
                end++;
            }
            List<Integer> after = kept(file, pieces, end, 1);
            List<Integer> before = kept(file, pieces, i - 1, -1);
            LazyEditFailure found = changed(edit, file, code, after, owned);
            found = found != null ? found : changed(edit, file, code, before, owned);
            found = found != null ? found : copied(edit, file, written, after);
            if (found == null) {
                List<Integer> fromEnd = new ArrayList<>(written);
                Collections.reverse(fromEnd);
                found = copied(edit, file, fromEnd, before);
            }
            if (found != null) {
                return found;
            }
            i = end;
        }
        return null;
    }

    /**
     * Lines of a new block that does not end in a closing line (a Python body, or a block cut by a marker): such a
     * block may be an old one whose header the model renamed, so its lines are compared as copies. A block shown
     * whole, closing line and all, is new code and may well repeat an old block's lines.
     */
    private static boolean[] unclosedNewBlocks(EditModel edit, boolean[] owned) {
        boolean[] open = new boolean[edit.size()];
        int e = 0;
        while (e < edit.size()) {
            if (!owned[e]) {
                e++;
                continue;
            }
            int start = e;
            int last = e;
            while (e < edit.size() && (owned[e] || edit.blank(e))) {
                last = owned[e] ? e : last;
                e++;
            }
            if (!LineKeys.isCloser(edit.keys[last])) {
                for (int k = start; k <= last; k++) {
                    open[k] = owned[k];
                }
            }
        }
        return open;
    }

    /** The non-blank marker-kept file lines from piece {@code k} on, walking by {@code step}, nearest first. */
    private static List<Integer> kept(FileModel file, List<Piece> pieces, int k, int step) {
        List<Integer> lines = new ArrayList<>();
        for (; k >= 0 && k < pieces.size(); k += step) {
            Piece p = pieces.get(k);
            if (p.e() >= 0 || p.o() < 0) {
                break;
            }
            if (!file.blank(p.o())) {
                lines.add(p.o());
            }
        }
        return lines;
    }

    private static LazyEditFailure changed(EditModel edit, FileModel file, List<Integer> inserted,
            List<Integer> kept, boolean[] owned) {
        for (int e : inserted) {
            if (owned[e]) {
                continue;
            }
            String head = Similarity.firstToken(edit.keys[e]);
            for (int o : kept.subList(0, Math.min(kept.size(), REACH))) {
                if (file.firstToken(o).equals(head)
                        && Similarity.changedVersion(edit.keys[e], file.keys[o], file.settings)) {
                    return failure(edit, file, e, o);
                }
            }
        }
        return null;
    }

    private static LazyEditFailure copied(EditModel edit, FileModel file, List<Integer> inserted,
            List<Integer> kept) {
        for (int a = 0; a < inserted.size(); a++) {
            for (int b = Math.max(0, a - 1); b <= Math.min(kept.size() - 1, a + 1); b++) {
                int e = inserted.get(a);
                int o = kept.get(b);
                if (edit.keys[e].equals(file.keys[o]) && edit.keys[e].chars().anyMatch(Character::isLetterOrDigit)) {
                    return failure(edit, file, e, o);
                }
            }
        }
        return null;
    }

    private static LazyEditFailure failure(EditModel edit, FileModel file, int e, int o) {
        return new LazyEditFailure.BothVersions(e + 1, edit.lines.get(e), o + 1, file.source.line(o));
    }

    /**
     * A line written new: inserted, or replacing a file line (only inserted lines are compared as changed versions,
     * a replacing line being one of its own; both as copies).
     */
    private static boolean inserted(Piece p) {
        return p.e() >= 0 && (p.o() < 0 || p.replace());
    }
}
