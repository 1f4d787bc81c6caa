package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Re-indents a REPLACE found by a non-exact stage (EDIT-SEMANTICS rule 8): each REPLACE line's indentation, as a
 * number of the model's indentation levels relative to the SEARCH's first line, becomes the same number of the
 * file's levels relative to the matched region's first line. The file's unit (a tab, or 2/4/... spaces) comes from
 * the region's own indentation, else from the whole file; tabs and spaces are never mixed on a line we write. When
 * SEARCH and region are indented identically line for line, REPLACE is used as written.
 */
final class Reindenter {

    /** How many lines from the top of the file show its indentation style: enough, and cheap on huge files. */
    private static final int SAMPLE = 2_000;

    private Reindenter() {}

    static List<String> reindent(String[] search, List<String> region, String[] replace, Document doc) {
        List<String> out = new ArrayList<>(replace.length);
        if (sameIndentation(search, region)) {
            out.addAll(List.of(replace));
            return out;
        }
        int s0 = firstNonBlank(search);
        int r0 = firstNonBlank(region.toArray(new String[0]));
        if (s0 < 0 || r0 < 0) {
            out.addAll(List.of(replace));
            return out;
        }
        String searchBase = Trim.indent(search[s0]);
        String fileBase = Trim.indent(region.get(r0));
        boolean modelTabs = usesTabs(search) || usesTabs(replace);
        int modelUnit = modelTabs ? 1 : modelSpaceUnit(search, replace, searchBase.length(), doc);
        String fileUnit = fileUnit(fileBase, doc);
        int baseWidth = modelWidth(searchBase, modelTabs);
        for (String line : replace) {
            if (line.isBlank()) {
                out.add(line);
                continue;
            }
            int rel = modelWidth(Trim.indent(line), modelTabs) - baseWidth;
            int levels = Math.round((float) rel / modelUnit);
            out.add(shift(fileBase, fileUnit, levels) + line.substring(Trim.indent(line).length()));
        }
        return out;
    }

    private static boolean sameIndentation(String[] search, List<String> region) {
        if (search.length != region.size()) {
            return false;
        }
        for (int i = 0; i < search.length; i++) {
            if (!search[i].isBlank() && !region.get(i).isBlank()
                    && !Trim.indent(search[i]).equals(Trim.indent(region.get(i)))) {
                return false;
            }
        }
        return true;
    }

    private static String shift(String base, String unit, int levels) {
        if (levels >= 0) {
            return base + unit.repeat(levels);
        }
        int cut = Math.min(base.length(), unit.length() * -levels);
        return base.substring(0, base.length() - cut);
    }

    /** A tab if the region's base is tab-indented, else spaces of the file's space unit. */
    private static String fileUnit(String fileBase, Document doc) {
        if (fileBase.indexOf('\t') >= 0) {
            return "\t";
        }
        if (!fileBase.isEmpty()) {
            return " ".repeat(spaceUnit(doc));
        }
        return fileUsesTabs(doc) ? "\t" : " ".repeat(spaceUnit(doc));
    }

    private static int modelWidth(String indent, boolean tabs) {
        if (!tabs) {
            return indent.length();
        }
        int w = 0;
        int spaces = 0;
        for (int i = 0; i < indent.length(); i++) {
            if (indent.charAt(i) == '\t') {
                w++;
            } else {
                spaces++;
            }
        }
        return w + spaces / 4;
    }

    /** The gcd of the model's indentation steps relative to the SEARCH base; the file's unit when unclear. */
    private static int modelSpaceUnit(String[] search, String[] replace, int base, Document doc) {
        int g = 0;
        for (String[] lines : new String[][] {search, replace}) {
            for (String line : lines) {
                if (!line.isBlank()) {
                    g = gcd(g, Math.abs(Trim.indent(line).length() - base));
                }
            }
        }
        return g >= 2 && g <= 8 ? g : spaceUnit(doc);
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

    private static boolean usesTabs(String[] lines) {
        for (String line : lines) {
            if (Trim.indent(line).indexOf('\t') >= 0) {
                return true;
            }
        }
        return false;
    }

    private static int firstNonBlank(String[] lines) {
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].isBlank()) {
                return i;
            }
        }
        return -1;
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
