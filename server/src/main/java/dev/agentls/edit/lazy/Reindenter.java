package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * Gives new lines the file's indentation. Each new line keeps its depth relative to the nearest edit line that
 * stands on a file line (the one before it, else after it), counted in the edit's indentation unit and written in
 * the file's unit and character (tabs or spaces). When the edit already indents like the file there, the line is
 * kept exactly as the model wrote it.
 *
 * <p>In an indentation-structured file (Python, YAML, Makefiles) nesting is meaning, so there every line's depth
 * follows the edit line before it within its run of lines between markers, starting from the file's depth of the
 * run's first line that stands on a file line: a kept line the edit shows at another nesting is rewritten at the
 * nesting the edit shows (lazy rule 8), while an edit shifted as a whole still lands at the file's depths.
 */
final class Reindenter {

    private final EditModel edit;
    private final FileModel file;
    private final int[] placed;
    private final int editUnit;
    private final int fileUnit;
    private final boolean fileTabs;
    /** For each edit line, the nearest placed non-blank edit line before it (else after it), or -1. */
    private final int[] reference;
    /** In a structured file, each code line's width as the edit nests it, in the file's unit; else null. */
    private final int[] nested;

    /** {@code placed[e]} is the file line edit line e stands on, or -1. */
    Reindenter(EditModel edit, FileModel file, int[] placed, boolean structured) {
        this.edit = edit;
        this.file = file;
        this.placed = placed;
        int inEdit = unit(edit.indent, e -> !edit.code(e));
        int inFile = unit(file.indent, file::blank);
        boolean convert = inEdit != inFile && unitsExplainSteps(edit, file, placed, inEdit, inFile);
        this.editUnit = convert ? inEdit : 1;
        this.fileUnit = convert ? inFile : 1;
        this.fileTabs = usesTabs(file);
        this.reference = references(edit, placed);
        this.nested = structured ? nestedWidths() : null;
    }

    /** Edit line e to file line o for every piece standing on a file line. */
    static int[] placed(EditModel edit, List<Piece> pieces) {
        int[] placed = new int[edit.size()];
        Arrays.fill(placed, -1);
        for (Piece p : pieces) {
            if (p.e() >= 0 && p.o() >= 0) {
                placed[p.e()] = p.o();
            }
        }
        return placed;
    }

    /**
     * In a structured file, the pieces with each kept line that the edit nests differently from the file turned
     * into a replacement written at the edit's nesting; elsewhere the pieces as they are.
     */
    List<Piece> renest(List<Piece> pieces) {
        if (nested == null) {
            return pieces;
        }
        List<Piece> out = new ArrayList<>(pieces.size());
        for (Piece p : pieces) {
            boolean moved = p.e() >= 0 && p.o() >= 0 && !p.replace() && edit.code(p.e())
                    && nested[p.e()] != file.indent[p.o()];
            out.add(moved ? new Piece(p.e(), p.o(), true) : p);
        }
        return out;
    }

    /**
     * Widths for the code lines of each run between markers: from the file's width of the run's first placed line,
     * each line's step from the code line before it (after it, for lines before that first placed line) in the
     * edit's unit, converted to the file's. A run with no placed line keeps the relative indentation of
     * {@link #indentNew}.
     */
    private int[] nestedWidths() {
        int n = edit.size();
        int[] width = new int[n];
        Arrays.fill(width, -1);
        int start = 0;
        while (start < n) {
            int end = start;
            while (end < n && !edit.marker[end]) {
                end++;
            }
            int base = -1;
            for (int e = start; e < end && base < 0; e++) {
                if (edit.code(e) && placed[e] >= 0) {
                    base = e;
                }
            }
            if (base >= 0) {
                width[base] = file.indent[placed[base]];
                int prev = base;
                for (int e = base + 1; e < end; e++) {
                    if (edit.code(e)) {
                        width[e] = Math.max(0, width[prev] + scaled(edit.indent[e] - edit.indent[prev]));
                        prev = e;
                    }
                }
                int next = base;
                for (int e = base - 1; e >= start; e--) {
                    if (edit.code(e)) {
                        width[e] = Math.max(0, width[next] - scaled(edit.indent[next] - edit.indent[e]));
                        next = e;
                    }
                }
            }
            start = end + 1;
        }
        return width;
    }

    /**
     * Whether the lines the edit shows of the file step in depth by the two units more often than they step alike:
     * only then do the edit's steps need converting. A small edit's own unit is a guess (a docstring's continuation
     * lines step by 3), and the file's lines it shows are the evidence.
     */
    private static boolean unitsExplainSteps(EditModel edit, FileModel file, int[] placed, int inEdit, int inFile) {
        int alike = 0;
        int converted = 0;
        int prev = -1;
        for (int e = 0; e < edit.size(); e++) {
            if (!edit.code(e) || placed[e] < 0) {
                continue;
            }
            if (prev >= 0) {
                int stepEdit = edit.indent[e] - edit.indent[prev];
                int stepFile = file.indent[placed[e]] - file.indent[placed[prev]];
                if (stepEdit != 0 && stepEdit == stepFile) {
                    alike++;
                } else if (stepEdit != 0 && stepEdit % inEdit == 0 && stepEdit / inEdit * inFile == stepFile) {
                    converted++;
                }
            }
            prev = e;
        }
        return converted > alike;
    }

    /** An indentation step of the edit in the file's unit: whole levels converted, a remainder kept. */
    private int scaled(int delta) {
        int levels = Math.floorDiv(delta, editUnit);
        return levels * fileUnit + (delta - levels * editUnit);
    }

    private static int[] references(EditModel edit, int[] placed) {
        int n = placed.length;
        int[] ref = new int[n];
        int last = -1;
        for (int e = 0; e < n; e++) {
            ref[e] = last;
            if (placed[e] >= 0 && !edit.blank(e)) {
                last = e;
            }
        }
        int next = -1;
        for (int e = n - 1; e >= 0; e--) {
            if (ref[e] < 0) {
                ref[e] = next;
            }
            if (placed[e] >= 0 && !edit.blank(e)) {
                next = e;
            }
        }
        return ref;
    }

    String indentNew(int e) {
        String line = edit.lines.get(e);
        if (edit.blank(e)) {
            return "";
        }
        if (nested != null && nested[e] >= 0) {
            String own = LineKeys.leadingWhitespace(line);
            boolean sameCharacters = own.indexOf('\t') < 0 == !fileTabs || own.isEmpty();
            return nested[e] == edit.indent[e] && sameCharacters ? line : whitespace(nested[e]) + line.stripLeading();
        }
        int ref = reference[e];
        if (ref < 0) {
            return line;
        }
        int o = placed[ref];
        String editRef = LineKeys.leadingWhitespace(edit.lines.get(ref));
        String fileRef = LineKeys.leadingWhitespace(file.source.line(o));
        String own = LineKeys.leadingWhitespace(line);
        if (editRef.equals(fileRef) && editUnit == fileUnit && own.indexOf('\t') < 0 == !fileTabs) {
            return line;
        }
        int width = Math.max(0, file.indent[o] + scaled(edit.indent[e] - edit.indent[ref]));
        return whitespace(width) + line.stripLeading();
    }

    private String whitespace(int width) {
        if (!fileTabs) {
            return " ".repeat(width);
        }
        return "\t".repeat(width / 4) + " ".repeat(width % 4);
    }

    /**
     * The most common positive step between consecutive code lines' indentation; 4 when there is none. Markers are
     * skipped: a model writes them at any depth, often column 0 before code it shifted as a whole.
     */
    static int unit(int[] indent, IntPredicate skip) {
        Map<Integer, Integer> steps = new HashMap<>();
        int last = -1;
        for (int i = 0; i < indent.length; i++) {
            if (skip.test(i)) {
                continue;
            }
            if (last >= 0 && indent[i] > last) {
                steps.merge(indent[i] - last, 1, Integer::sum);
            }
            last = indent[i];
        }
        int best = 4;
        int bestCount = 0;
        for (Map.Entry<Integer, Integer> step : steps.entrySet()) {
            int size = step.getKey();
            int count = step.getValue();
            if (size <= 8 && (count > bestCount || (count == bestCount && size < best))) {
                best = size;
                bestCount = count;
            }
        }
        return best;
    }

    private static boolean usesTabs(FileModel file) {
        int tabs = 0;
        int spaces = 0;
        for (int i = 0; i < file.size(); i++) {
            String line = file.source.line(i);
            if (line.startsWith("\t")) {
                tabs++;
            } else if (line.startsWith(" ")) {
                spaces++;
            }
        }
        return tabs > spaces;
    }
}
