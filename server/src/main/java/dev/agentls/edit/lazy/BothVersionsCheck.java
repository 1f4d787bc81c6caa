package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The guard of lazy rule 8, "both versions never": a line the merge inserts right next to file lines that a marker
 * keeps (lines the edit does not show) must not be a changed version of the kept line at its place. If it is, the
 * model rewrote that line and the merge did not see which one it replaces, so the file would hold the old line and
 * the new one side by side; refused, naming both, so the model can show the line it changes with an unchanged
 * neighbour. Places pair from the run's start with the kept lines after it, and from its end with those before it
 * (one line of slack either way); lines of a new block ({@link Ownership}) are new code and are not compared.
 */
final class BothVersionsCheck {

    private BothVersionsCheck() {}

    static LazyEditFailure check(EditModel edit, FileModel file, List<Piece> pieces, boolean[] owned) {
        int i = 0;
        while (i < pieces.size()) {
            if (!inserted(pieces.get(i))) {
                i++;
                continue;
            }
            int end = i;
            List<Integer> code = new ArrayList<>();
            while (end < pieces.size() && inserted(pieces.get(end))) {
                int e = pieces.get(end).e();
                if (edit.code(e) && !owned[e]) {
                    code.add(e);
                }
                end++;
            }
            LazyEditFailure found = compare(edit, file, code, kept(file, pieces, end, 1, code.size() + 1));
            if (found == null) {
                List<Integer> fromEnd = new ArrayList<>(code);
                Collections.reverse(fromEnd);
                found = compare(edit, file, fromEnd, kept(file, pieces, i - 1, -1, code.size() + 1));
            }
            if (found != null) {
                return found;
            }
            i = end;
        }
        return null;
    }

    /** Up to {@code limit} non-blank marker-kept file lines from piece {@code k} on, walking by {@code step}. */
    private static List<Integer> kept(FileModel file, List<Piece> pieces, int k, int step, int limit) {
        List<Integer> lines = new ArrayList<>();
        for (; k >= 0 && k < pieces.size() && lines.size() < limit; k += step) {
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

    private static LazyEditFailure compare(EditModel edit, FileModel file, List<Integer> inserted,
            List<Integer> kept) {
        for (int a = 0; a < inserted.size(); a++) {
            for (int b = Math.max(0, a - 1); b <= Math.min(kept.size() - 1, a + 1); b++) {
                int e = inserted.get(a);
                int o = kept.get(b);
                if (Similarity.changedVersion(edit.keys[e], file.keys[o], file.settings)) {
                    return new LazyEditFailure.BothVersions(e + 1, edit.lines.get(e), o + 1, file.source.line(o));
                }
            }
        }
        return null;
    }

    /** A line written new that replaces nothing. */
    private static boolean inserted(Piece p) {
        return p.e() >= 0 && p.o() < 0;
    }
}
