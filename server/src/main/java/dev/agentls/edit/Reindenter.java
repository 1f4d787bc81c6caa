package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Re-indents a REPLACE found by a non-exact stage (EDIT-SEMANTICS rule 8) so that its relative indentation is kept
 * exactly and no line is lost. Each REPLACE line is paired with the SEARCH line it keeps (when it keeps one), and each
 * SEARCH line with the file line it matched ({@link LinePairs}):
 * <ul>
 *   <li>a REPLACE line identical to its SEARCH line is the file's line, byte for byte (untouched lines stay);</li>
 *   <li>any other line takes the indentation of the nearest kept line above it (below, at the top) in the file, plus
 *       its own indentation relative to that line in the model's text, mapped from the model's unit to the file's
 *       (2 vs 4 spaces, tabs vs spaces, never mixed on a line we write);</li>
 *   <li>blank lines the file has between two kept lines that are adjacent in SEARCH and REPLACE are kept (a SEARCH
 *       matched across a missing blank line must not delete it).</li>
 * </ul>
 * Every REPLACE line is written, in order; only the file's own blank lines are ever added.
 */
final class Reindenter {

    /** How many lines from the top of the file show its indentation style: enough, and cheap on huge files. */
    private static final int SAMPLE = 2_000;
    /** Columns of a tab in the model's text. */
    private static final int MODEL_TAB = 4;

    private Reindenter() {}

    static List<String> reindent(String[] search, List<String> region, String[] replace, Document doc) {
        String[] file = region.toArray(new String[0]);
        int[] searchToFile = search.length == file.length ? identity(search.length) : LinePairs.pair(search, file);
        int[] replaceToSearch = LinePairs.pairWithChanged(replace, search);
        Mapping mapping = mapping(search, file, searchToFile, replace, doc);
        List<String> out = new ArrayList<>(replace.length + 4);
        for (int r = 0; r < replace.length; r++) {
            keepFileBlankLines(r, replaceToSearch, searchToFile, file, replace, out);
            String line = replace[r];
            int s = replaceToSearch[r];
            if (s >= 0 && searchToFile[s] >= 0 && line.equals(search[s])) {
                out.add(file[searchToFile[s]]);
            } else if (line.isBlank()) {
                out.add(line);
            } else {
                int ref = reference(r, replaceToSearch, searchToFile, replace, file);
                out.add(mapping.indent(line, ref < 0 ? null : search[replaceToSearch[ref]],
                        ref < 0 ? null : file[searchToFile[replaceToSearch[ref]]]) + line.substring(Trim.indent(line).length()));
            }
        }
        if (replace.length > 0) {
            keepFileBlankLines(replace.length, replaceToSearch, searchToFile, file, replace, out);
        }
        return out;
    }

    /**
     * Before REPLACE line r (after the last line when r is the REPLACE's length), which stands for SEARCH line b: the blank lines the file has between lines that SEARCH has
     * next to each other, from the SEARCH line the previous such REPLACE line stands for up to b. The model did not
     * see them, so its REPLACE cannot mean to delete them; a blank line the REPLACE itself adds there replaces them.
     */
    private static void keepFileBlankLines(int r, int[] replaceToSearch, int[] searchToFile, String[] file,
            String[] replace, List<String> out) {
        int b = r < replace.length ? replaceToSearch[r] : searchToFile.length - 1;
        if (b < 1 || (r > 0 && replace[r - 1].isBlank() && replaceToSearch[r - 1] < 0)) {
            return;
        }
        int a = 0;
        for (int p = r - 1; p >= 0; p--) {
            if (replaceToSearch[p] >= 0) {
                a = replaceToSearch[p];
                break;
            }
        }
        for (int j = a; j < b; j++) {
            int from = searchToFile[j];
            int to = searchToFile[j + 1];
            if (from < 0 || to < 0) {
                continue;
            }
            boolean blank = true;
            for (int f = from + 1; f < to && blank; f++) {
                blank = file[f].isBlank();
            }
            for (int f = from + 1; f < to && blank; f++) {
                out.add(file[f]);
            }
        }
    }

    /** The nearest REPLACE line above {@code r} (else below) that keeps a SEARCH line matched in the file, or -1. */
    private static int reference(int r, int[] replaceToSearch, int[] searchToFile, String[] replace,
            String[] file) {
        for (int i = r; i >= 0; i--) {
            if (keeps(i, replaceToSearch, searchToFile, replace, file)) {
                return i;
            }
        }
        for (int i = r + 1; i < replaceToSearch.length; i++) {
            if (keeps(i, replaceToSearch, searchToFile, replace, file)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether REPLACE line r keeps a non-blank SEARCH line that matched a non-blank file line. */
    private static boolean keeps(int r, int[] replaceToSearch, int[] searchToFile, String[] replace, String[] file) {
        int s = replaceToSearch[r];
        return s >= 0 && searchToFile[s] >= 0 && !replace[r].isBlank() && !file[searchToFile[s]].isBlank();
    }

    private static int[] identity(int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = i;
        }
        return out;
    }

    /**
     * How the model's indentation maps to the file's: a fixed offset when every paired non-blank line shows one (the
     * common case: a SEARCH indented some columns off), else the model's unit scaled to the file's.
     */
    private record Mapping(double scale, int modelSpaceLevel, boolean fileTabs, String fallbackModel,
            String fallbackFile) {

        String indent(String line, String searchRef, String fileRef) {
            String sRef = searchRef != null ? searchRef : fallbackModel;
            String fRef = fileRef != null ? fileRef : fallbackFile;
            String modelIndent = Trim.indent(line);
            String modelRef = Trim.indent(sRef);
            int delta = modelColumns(modelIndent) - modelColumns(modelRef);
            String base = Trim.indent(fRef);
            boolean tabs = base.indexOf('\t') >= 0 || (base.isEmpty() && fileTabs);
            if (tabs) {
                // Levels, not columns: a tab of the model is one level whatever spaces stand before it (noise in
                // front of tabs is common and a tab stop swallows it), and its spaces count in its own space level.
                // Spaces that are not a whole level are alignment (a doc comment's " * ", a continuation line lined
                // up under an argument), which tab-indented code writes after its tabs: the file's line keeps the
                // alignment its reference line has plus the model's change of it, exactly, never rounded to a level.
                // A model that indents this line with tabs too says so itself: all its spaces are alignment.
                int levels = count(modelIndent, '\t') - count(modelRef, '\t');
                int spaces = count(base, ' ') + count(modelIndent, ' ') - count(modelRef, ' ');
                boolean modelTabs = modelIndent.indexOf('\t') >= 0;
                if (!modelTabs || spaces < 0) {
                    levels += Math.floorDiv(spaces, modelSpaceLevel);
                }
                int align = modelTabs && spaces >= 0 ? spaces : Math.floorMod(spaces, modelSpaceLevel);
                return "\t".repeat(Math.max(0, count(base, '\t') + levels)) + " ".repeat(align);
            }
            int width = base.length() + (int) Math.round(delta * scale);
            return " ".repeat(Math.max(0, width));
        }
    }

    private static Mapping mapping(String[] search, String[] file, int[] searchToFile, String[] replace,
            Document doc) {
        int s0 = -1;
        boolean offset = true;
        int first = 0;
        for (int s = 0; s < search.length; s++) {
            int f = searchToFile[s];
            if (f < 0 || search[s].isBlank() || file[f].isBlank()) {
                continue;
            }
            int d = columns(Trim.indent(file[f])) - modelColumns(Trim.indent(search[s]));
            if (s0 < 0) {
                s0 = s;
                first = d;
            } else if (d != first) {
                offset = false;
            }
        }
        String fallbackModel = s0 >= 0 ? search[s0] : firstNonBlank(search);
        String fallbackFile = s0 >= 0 ? file[searchToFile[s0]] : firstNonBlank(file);
        int modelUnit = modelUnit(search, replace, doc);
        double scale = offset ? 1.0 : scale(search, file, searchToFile, (double) spaceUnit(doc) / modelUnit);
        return new Mapping(scale, modelSpaceLevel(search, replace, doc), fileUsesTabs(doc), fallbackModel,
                fallbackFile);
    }

    /**
     * {@code unitRatio} when every paired non-blank line's indentation, relative to the first pair's, is the model's
     * scaled by it (a 2-space SEARCH of a 4-space file), else 1: irregular noise is not a unit change, and the
     * nearest kept line is the better guide.
     */
    private static double scale(String[] search, String[] file, int[] searchToFile, double unitRatio) {
        int s0 = -1;
        for (int s = 0; s < search.length; s++) {
            int f = searchToFile[s];
            if (f < 0 || search[s].isBlank() || file[f].isBlank()) {
                continue;
            }
            if (s0 < 0) {
                s0 = s;
                continue;
            }
            double model = modelColumns(Trim.indent(search[s])) - modelColumns(Trim.indent(search[s0]));
            double inFile = columns(Trim.indent(file[f])) - columns(Trim.indent(file[searchToFile[s0]]));
            if (Math.abs(model * unitRatio - inFile) > 1e-9) {
                return 1.0;
            }
        }
        return unitRatio;
    }

    private static String firstNonBlank(String[] lines) {
        for (String line : lines) {
            if (!line.isBlank()) {
                return line;
            }
        }
        return "";
    }

    /** Columns of an indentation in the model's text: a tab counts {@value #MODEL_TAB}. */
    private static int modelColumns(String indent) {
        int w = 0;
        for (int i = 0; i < indent.length(); i++) {
            w += indent.charAt(i) == '\t' ? MODEL_TAB : 1;
        }
        return w;
    }

    /** Columns of a file's indentation, a tab counting as {@value #MODEL_TAB} (only compared with each other). */
    private static int columns(String indent) {
        return modelColumns(indent);
    }

    /** The gcd of the model's indentation widths, in columns; the file's unit when unclear. */
    private static int modelUnit(String[] search, String[] replace, Document doc) {
        int g = 0;
        for (String[] lines : new String[][] {search, replace}) {
            for (String line : lines) {
                if (!line.isBlank()) {
                    g = gcd(g, modelColumns(Trim.indent(line)));
                }
            }
        }
        return g >= 2 && g <= 8 ? g : spaceUnit(doc);
    }

    /**
     * The spaces of one level in the model's indentation: the gcd of the differences between its lines' counts of
     * spaces (tabs left out), so that spaces added in front of every line, a noise offset, do not count as a level;
     * the file's unit when unclear.
     */
    private static int modelSpaceLevel(String[] search, String[] replace, Document doc) {
        int first = -1;
        int g = 0;
        for (String[] lines : new String[][] {search, replace}) {
            for (String line : lines) {
                if (line.isBlank()) {
                    continue;
                }
                int spaces = count(Trim.indent(line), ' ');
                if (first < 0) {
                    first = spaces;
                } else {
                    g = gcd(g, Math.abs(spaces - first));
                }
            }
        }
        return g >= 2 && g <= 8 ? g : spaceUnit(doc);
    }

    private static int count(String indent, char c) {
        int n = 0;
        for (int i = 0; i < indent.length(); i++) {
            n += indent.charAt(i) == c ? 1 : 0;
        }
        return n;
    }

    /** The most common positive indentation step between successive non-blank lines; 4 when none. */
    static int spaceUnit(Document doc) {
        int[] votes = new int[9];
        int prev = -1;
        int limit = Math.min(doc.lineCount(), SAMPLE);
        CharSequence t = doc.text();
        for (int i = 0; i < limit; i++) {
            int start = doc.lineStart(i);
            int end = doc.lineEnd(i);
            int w = 0;
            while (start + w < end && t.charAt(start + w) == ' ') {
                w++;
            }
            if (start + w == end || t.charAt(start + w) == '\t') {
                continue;
            }
            if (prev >= 0 && w > prev && w - prev <= 8) {
                votes[w - prev]++;
            }
            prev = w;
        }
        int best = 4;
        for (int u = 2; u <= 8; u++) {
            if (votes[u] > votes[best]) {
                best = u;
            }
        }
        return best;
    }

    private static boolean fileUsesTabs(Document doc) {
        int tabs = 0;
        int spaces = 0;
        int limit = Math.min(doc.lineCount(), SAMPLE);
        for (int i = 0; i < limit; i++) {
            int start = doc.lineStart(i);
            if (start < doc.lineEnd(i)) {
                char c = doc.text().charAt(start);
                if (c == '\t') {
                    tabs++;
                } else if (c == ' ') {
                    spaces++;
                }
            }
        }
        return tabs > spaces;
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
