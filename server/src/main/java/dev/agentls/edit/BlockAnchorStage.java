package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Stage 4: a SEARCH of 3+ lines whose first and last non-blank lines equal a window's lines at the same places once
 * trimmed, and whose middle lines are at least {@value #MIDDLE_SIMILARITY} similar to the window's. Blank lines at
 * either end of the SEARCH do not decide the anchor (models end blocks with one, Cline's shape included); the window
 * must be blank there too. The middle is always checked, and the engine refuses a candidate that differs from the
 * SEARCH in code (rule 10): anchors alone never place code.
 */
final class BlockAnchorStage implements MatchStage {

    static final double MIDDLE_SIMILARITY = 0.7;
    /** Middles too long to compare within this many cells are not anchored (a refusal, never a guess). */
    private static final long MAX_COST = 20_000_000L;

    @Override
    public String name() {
        return "block-anchor";
    }

    @Override
    public List<Candidate> find(Document doc, SearchText search) {
        List<Candidate> out = new ArrayList<>();
        int n = search.lineCount();
        String[] t = search.trimmed();
        int a = 0;
        while (a < n && t[a].isEmpty()) {
            a++;
        }
        int b = n - 1;
        while (b > a && t[b].isEmpty()) {
            b--;
        }
        if (n < 3 || b - a < 2) {
            return out;
        }
        String middle = join(t, a + 1, b);
        for (int anchor : Pivot.lines(doc, t[a])) {
            int j = anchor - a;
            if (j < 0 || j + n > doc.lineCount() || out.size() > MAX_CANDIDATES
                    || !Trim.lineEquals(doc, j + b, t[b]) || !blankEnds(doc, j, a, b, n)) {
                continue;
            }
            String[] window = new String[b - a - 1];
            for (int i = 0; i < window.length; i++) {
                window[i] = doc.line(j + a + 1 + i).strip();
            }
            String other = String.join("\n", window);
            int longer = Math.max(middle.length(), other.length());
            int max = (int) Math.floor((1 - MIDDLE_SIMILARITY) * longer + 1e-9);
            if (Similarity.cost(middle.length(), other.length(), max) > MAX_COST) {
                continue;
            }
            if (longer == 0 || Similarity.distance(middle, other, max) <= max) {
                out.add(Candidate.lines(doc, j, n));
            }
        }
        return out;
    }

    /** Whether the window's lines where the SEARCH has its leading and trailing blank lines are blank too. */
    private static boolean blankEnds(Document doc, int j, int a, int b, int n) {
        for (int i = 0; i < n; i++) {
            if ((i < a || i > b) && !Trim.lineEquals(doc, j + i, "")) {
                return false;
            }
        }
        return true;
    }

    private static String join(String[] lines, int from, int to) {
        return String.join("\n", java.util.Arrays.asList(lines).subList(from, to));
    }
}
