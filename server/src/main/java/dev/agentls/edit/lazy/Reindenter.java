package dev.agentls.edit.lazy;

import java.util.HashMap;
import java.util.Map;

/**
 * Gives new lines the file's indentation. Each new line keeps its depth relative to the nearest edit line that
 * stands on a file line (the one before it, else after it), counted in the edit's indentation unit and written in
 * the file's unit and character (tabs or spaces). When the edit already indents like the file there, the line is
 * kept exactly as the model wrote it.
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

    /** {@code placed[e]} is the file line edit line e stands on, or -1. */
    Reindenter(EditModel edit, FileModel file, int[] placed) {
        this.edit = edit;
        this.file = file;
        this.placed = placed;
        this.editUnit = unit(edit.indent, edit.keys);
        this.fileUnit = unit(file.indent, file.keys);
        this.fileTabs = usesTabs(file);
        this.reference = references(edit, placed);
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
        int delta = edit.indent[e] - edit.indent[ref];
        int levels = Math.floorDiv(delta, editUnit);
        int rest = delta - levels * editUnit;
        int width = Math.max(0, file.indent[o] + levels * fileUnit + rest);
        return whitespace(width) + line.stripLeading();
    }

    private String whitespace(int width) {
        if (!fileTabs) {
            return " ".repeat(width);
        }
        return "\t".repeat(width / 4) + " ".repeat(width % 4);
    }

    /** The most common positive step between consecutive non-blank lines' indentation; 4 when there is none. */
    private static int unit(int[] indent, String[] keys) {
        Map<Integer, Integer> steps = new HashMap<>();
        int last = -1;
        for (int i = 0; i < indent.length; i++) {
            if (keys[i].isEmpty()) {
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
