package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Stage 5: windows of the SEARCH's line count whose trimmed lines are at least {@value #THRESHOLD} similar by edit
 * distance; only the single best window is a candidate, and a tie for best is several candidates (ambiguous). The
 * work is bounded: windows whose character counts or lengths rule them out are never compared, each comparison
 * stops at the distance that would fail, and a budget of compared cells ends the stage with no candidate (so an
 * uncertain fuzzy search refuses rather than guesses).
 */
final class FuzzyStage implements MatchStage {

    static final double THRESHOLD = 0.9;
    private final long budget;

    FuzzyStage(long budget) {
        this.budget = budget;
    }

    @Override
    public String name() {
        return "fuzzy";
    }

    @Override
    public boolean orderResolves() {
        return false;
    }

    @Override
    public List<Candidate> find(Document doc, SearchText search) {
        List<Candidate> best = new ArrayList<>();
        int n = search.lineCount();
        if (n == 0 || search.blank() || doc.lineCount() < n) {
            return best;
        }
        Windows w = new Windows(doc, search);
        long spent = 0;
        double bestSim = -1;
        for (int j = 0; j < w.count(); j++) {
            int longer = Math.max(w.length[j], w.target.length());
            int max = (int) Math.floor((1 - THRESHOLD) * longer + 1e-9);
            if (w.lowerBound[j] > max) {
                continue;
            }
            spent += Similarity.cost(w.length[j], w.target.length(), max);
            if (spent > budget) {
                return List.of();
            }
            int d = Similarity.distance(w.text(j), w.target, max);
            if (d > max) {
                continue;
            }
            double sim = longer == 0 ? 1.0 : 1.0 - (double) d / longer;
            if (sim > bestSim + 1e-12) {
                bestSim = sim;
                best.clear();
            }
            if (Math.abs(sim - bestSim) <= 1e-12) {
                best.add(Candidate.lines(doc, j, n));
            }
        }
        return best;
    }
}
