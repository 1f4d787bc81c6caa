package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The guard against a lazy model dropping code: a merge whose net loss (non-blank file lines gone, less non-blank
 * lines added) is more than a third of the file's non-blank lines, and at least three lines, is refused, naming how
 * much and where. A rewrite replaces what it removes; a lazy model's omission does not.
 */
final class DeletionCheck {

    private static final int MIN_LINES = 3;

    /** A line declaring what a file uses or where it lives: imports, includes, a package or module line. */
    private static final Pattern DECLARATION = Pattern.compile(
            "^(import\\s|package\\s|from\\s+\\S+\\s+import\\s|#\\s*include\\b|using\\s|use\\s|require\\s*\\(|"
                    + "(const|let|var)\\s+.*=\\s*require\\s*\\()");

    private DeletionCheck() {}

    static LazyEditFailure check(EditModel edit, FileModel file, List<Piece> pieces) {
        boolean[] survives = new boolean[file.size()];
        int added = 0;
        for (Piece p : pieces) {
            if (p.o() >= 0 && !p.replace()) {
                survives[p.o()] = true;
            } else if (!edit.blank(p.e())) {
                added++;
            }
        }
        int deleted = 0;
        List<String> ranges = new ArrayList<>();
        int start = -1;
        for (int o = 0; o <= file.size(); o++) {
            boolean gone = o < file.size() && !survives[o];
            if (gone && !file.blank(o)) {
                deleted++;
            }
            if (gone && start < 0) {
                start = o;
            } else if (!gone && start >= 0) {
                ranges.add(start + 1 == o ? "line " + o : "lines " + (start + 1) + "-" + o);
                start = -1;
            }
        }
        int total = file.nonBlankLines();
        int lost = deleted - added;
        if (lost < MIN_LINES || lost * 3 <= total) {
            return null;
        }
        List<String> shown = ranges.size() > 5 ? new ArrayList<>(ranges.subList(0, 5)) : ranges;
        if (ranges.size() > 5) {
            shown.add("and " + (ranges.size() - 5) + " more ranges");
        }
        return new LazyEditFailure.SuspiciousDeletion(deleted, added, total, shown);
    }

    /**
     * An edit with markers but none before its first line starts at line 1 (lazy rule 4), so the file's lines above
     * where that first line lands are deleted. When those include imports or the package line and the edit writes
     * nothing in their place, a model that left its leading marker out is far likelier than one deleting its
     * imports: refused, naming the lines, rather than dropped in silence. Other leading lines go, as rule 4 says.
     */
    static LazyEditFailure leadingLines(EditModel edit, FileModel file, List<Piece> pieces) {
        if (!edit.hasMarkers() || startsWithMarker(edit)) {
            return null;
        }
        int firstKept = -1;
        for (Piece p : pieces) {
            if (p.o() >= 0 && !p.replace()) {
                firstKept = p.o();
                break;
            }
            if (p.isNew() && p.e() >= 0 && !edit.blank(p.e())) {
                return null;
            }
        }
        if (firstKept <= 0) {
            return null;
        }
        int declarations = 0;
        int first = -1;
        for (int o = 0; o < firstKept; o++) {
            if (DECLARATION.matcher(file.source.line(o).strip()).find()) {
                declarations++;
                first = first < 0 ? o : first;
            }
        }
        if (declarations == 0) {
            return null;
        }
        return new LazyEditFailure.LeadingLinesDropped(firstKept + 1, declarations, file.source.line(first));
    }

    private static boolean startsWithMarker(EditModel edit) {
        for (int e = 0; e < edit.size(); e++) {
            if (!edit.blank(e)) {
                return edit.marker[e];
            }
        }
        return false;
    }
}
