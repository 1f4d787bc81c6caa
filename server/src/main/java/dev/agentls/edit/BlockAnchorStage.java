package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Stage 4: a SEARCH of 3+ lines whose first and last lines equal a window's first and last lines once trimmed (and
 * are not blank: a blank anchor anchors nothing), and whose middle lines are at least {@value #MIDDLE_SIMILARITY}
 * similar to the window's. The middle is always checked: anchors alone never place code.
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
        if (n < 3 || t[0].isEmpty() || t[n - 1].isEmpty()) {
            return out;
        }
        String middle = join(t, 1, n - 1);
        for (int j : Pivot.lines(doc, t[0])) {
            if (j + n > doc.lineCount() || out.size() > MAX_CANDIDATES || !Trim.lineEquals(doc, j + n - 1, t[n - 1])) {
                continue;
            }
            String[] window = new String[n - 2];
            for (int i = 0; i < n - 2; i++) {
                window[i] = doc.line(j + 1 + i).strip();
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

    private static String join(String[] lines, int from, int to) {
        return String.join("\n", java.util.Arrays.asList(lines).subList(from, to));
    }
}
