package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Stage 2: whole lines equal once each line's leading and trailing whitespace is ignored. Candidates come from a
 * fast search for the SEARCH's longest trimmed line; only lines holding it are compared further.
 */
final class LineTrimmedStage implements MatchStage {

    @Override
    public String name() {
        return "line-trimmed";
    }

    @Override
    public List<Candidate> find(Document doc, SearchText search) {
        List<Candidate> out = new ArrayList<>();
        int n = search.lineCount();
        if (n == 0 || search.blank()) {
            return out;
        }
        String[] trimmed = search.trimmed();
        int pivot = pivot(trimmed);
        for (int line : Pivot.lines(doc, trimmed[pivot])) {
            int j = line - pivot;
            if (j < 0 || j + n > doc.lineCount()) {
                continue;
            }
            boolean all = true;
            for (int i = 0; i < n && all; i++) {
                all = i == pivot || Trim.lineEquals(doc, j + i, trimmed[i]);
            }
            if (all) {
                out.add(Candidate.lines(doc, j, n));
                if (out.size() > MAX_CANDIDATES) {
                    break;
                }
            }
        }
        return out;
    }

    /** The longest trimmed line: the rarest in the file, as a rule. */
    static int pivot(String[] trimmed) {
        int best = 0;
        for (int i = 1; i < trimmed.length; i++) {
            if (trimmed[i].length() > trimmed[best].length()) {
                best = i;
            }
        }
        return best;
    }
}
