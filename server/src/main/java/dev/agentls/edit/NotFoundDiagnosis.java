package dev.agentls.edit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Explains a SEARCH that no stage matched (EDIT-SEMANTICS rule 7): the closest region of the SEARCH's length and its
 * similarity, the invisible differences between them, and whether the REPLACE text is already there. The search
 * for the closest region is bounded (best-first by a cheap upper bound, a budget of compared cells), so a huge or
 * pathological input costs a bounded time and at worst reports a less close region.
 */
final class NotFoundDiagnosis {

    private static final int MAX_TARGET = 20_000;
    private static final int MAX_EVALUATED = 200;

    private NotFoundDiagnosis() {}

    static SearchReplaceFailure.NotFound diagnose(int block, Document doc, SearchText search, String replace,
            long budget) {
        boolean already = alreadyApplied(doc, replace);
        if (doc.lineCount() == 0 || search.lineCount() == 0) {
            return new SearchReplaceFailure.NotFound(block, Optional.empty(), 0, List.of(), already);
        }
        Windows w = new Windows(doc, search);
        if (w.target.length() > MAX_TARGET || w.count() == 0) {
            return new SearchReplaceFailure.NotFound(block, Optional.empty(), 0, List.of(), already);
        }
        Integer[] order = new Integer[w.count()];
        for (int j = 0; j < order.length; j++) {
            order[j] = j;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer j) -> -w.upperBound(j)).thenComparingInt(j -> j));
        int best = order[0];
        double bestSim = -1;
        long spent = 0;
        for (int k = 0; k < order.length && k < MAX_EVALUATED; k++) {
            int j = order[k];
            if (w.upperBound(j) <= bestSim) {
                break;
            }
            int longer = Math.max(w.length[j], w.target.length());
            spent += Similarity.cost(w.length[j], w.target.length(), longer);
            if (spent > budget && bestSim >= 0) {
                break;
            }
            double sim = Similarity.ratio(w.text(j), w.target);
            if (sim > bestSim) {
                bestSim = sim;
                best = j;
            }
        }
        int first = best;
        int last = best + w.size - 1;
        LineRange range = new LineRange(doc.originalLine(first), doc.originalLine(last));
        List<String> differences = differences(doc, search, first, w.size);
        int percent = (int) Math.floor(Math.max(bestSim, 0) * 100 + 1e-9);
        if (percent == 0) {
            return new SearchReplaceFailure.NotFound(block, Optional.empty(), 0, differences, already);
        }
        return new SearchReplaceFailure.NotFound(block, Optional.of(range), percent, differences, already);
    }

    private static boolean alreadyApplied(Document doc, String replace) {
        if (replace.isBlank()) {
            return false;
        }
        return new TextSearch(replace).find(doc.text(), 0) >= 0
                || !new LineTrimmedStage().find(doc, SearchText.of(replace)).isEmpty();
    }

    /** The differences a reader cannot see, between the SEARCH and the region at {@code first}. */
    static List<String> differences(Document doc, SearchText search, int first, int size) {
        List<String> out = new ArrayList<>();
        String[] s = search.lines();
        int fileLine = -1;
        boolean tabsInFile = false;
        boolean trailingInFile = false;
        boolean trailingInSearch = false;
        int trailingLine = -1;
        for (int i = 0; i < Math.min(size, s.length); i++) {
            String f = doc.line(first + i);
            String fi = Trim.indent(f);
            String si = Trim.indent(s[i]);
            if (fileLine < 0 && !f.isBlank() && !s[i].isBlank() && !fi.equals(si)
                    && (fi.indexOf('\t') >= 0) != (si.indexOf('\t') >= 0)) {
                fileLine = first + i;
                tabsInFile = fi.indexOf('\t') >= 0;
            }
            boolean ft = !f.isBlank() && f.length() > f.stripTrailing().length();
            boolean st = !s[i].isBlank() && s[i].length() > s[i].stripTrailing().length();
            if (trailingLine < 0 && ft != st && f.strip().equals(s[i].strip())) {
                trailingLine = first + i;
                trailingInFile = ft;
                trailingInSearch = st;
            }
        }
        if (fileLine >= 0) {
            out.add(tabsInFile
                    ? "the file indents with tabs where SEARCH uses spaces (line " + doc.originalLine(fileLine) + ")"
                    : "the file indents with spaces where SEARCH uses tabs (line " + doc.originalLine(fileLine) + ")");
        }
        if (trailingLine >= 0) {
            out.add(trailingInFile && !trailingInSearch
                    ? "trailing whitespace: line " + doc.originalLine(trailingLine)
                            + " of the file ends in whitespace that SEARCH lacks"
                    : "trailing whitespace: SEARCH ends a line in whitespace that line "
                            + doc.originalLine(trailingLine) + " of the file lacks");
        }
        blankLine(doc, s, first, size).ifPresent(out::add);
        if (size > 0 && doc.crlf(first) != search.hadCrlf() && doc.lineCount() > 0) {
            out.add(doc.crlf(first)
                    ? "line endings: the file's lines end in CRLF where SEARCH's end in LF (line endings alone never"
                            + " prevent a match)"
                    : "line endings: SEARCH's lines end in CRLF where the file's end in LF (line endings alone never"
                            + " prevent a match)");
        }
        pastEnd(doc, search).ifPresent(out::add);
        return out;
    }

    /**
     * Text after the last line: SEARCH's first lines are the file's last lines and the rest of SEARCH would come
     * after the end of the file.
     */
    private static Optional<String> pastEnd(Document doc, SearchText search) {
        String[] t = search.trimmed();
        int lines = doc.lineCount();
        for (int k = Math.min(Math.min(t.length - 1, lines), 200); k >= 1; k--) {
            boolean all = true;
            for (int i = 0; i < k && all; i++) {
                all = Trim.lineEquals(doc, lines - k + i, t[i]);
            }
            if (all) {
                int rest = t.length - k;
                return Optional.of("text after the last line: SEARCH's first " + (k == 1 ? "line is" : k + " lines are")
                        + " the file's last, from line " + doc.originalLine(lines - k) + ", and its other " + rest
                        + " line" + (rest == 1 ? "" : "s") + " would come after the end of the file");
            }
        }
        return Optional.empty();
    }

    /** A blank line one side has where the other has text, once the two are aligned on their first difference. */
    private static Optional<String> blankLine(Document doc, String[] s, int first, int size) {
        int i = 0;
        int j = 0;
        while (i < s.length && j < size) {
            String f = doc.line(first + j);
            boolean sb = s[i].isBlank();
            boolean fb = f.isBlank();
            if (sb == fb) {
                if (!s[i].strip().equals(f.strip())) {
                    return Optional.empty();
                }
                i++;
                j++;
            } else if (sb) {
                return Optional.of("a blank line: SEARCH has a blank line (its line " + (i + 1)
                        + ") where the file has none, before line " + doc.originalLine(first + j));
            } else {
                return Optional.of("a blank line: the file has a blank line at line "
                        + doc.originalLine(first + j) + " that SEARCH lacks");
            }
        }
        return Optional.empty();
    }
}
