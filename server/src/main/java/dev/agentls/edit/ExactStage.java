package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Stage 1: the SEARCH text exactly (line breaks normalised). Finds whole-line occurrences and occurrences inside a
 * line alike; the engine prefers whole-line ones and takes one inside a line only when it is the only candidate.
 */
final class ExactStage implements MatchStage {

    @Override
    public String name() {
        return "exact";
    }

    @Override
    public boolean exact() {
        return true;
    }

    @Override
    public List<Candidate> find(Document doc, SearchText search) {
        String t = doc.text();
        String s = search.text();
        List<Candidate> out = new ArrayList<>();
        if (s.isEmpty()) {
            return out;
        }
        boolean endsWithBreak = s.charAt(s.length() - 1) == '\n';
        int p = t.indexOf(s);
        while (p >= 0 && out.size() <= MAX_CANDIDATES) {
            int end = p + s.length();
            boolean whole = (p == 0 || t.charAt(p - 1) == '\n')
                    && (endsWithBreak || end == t.length() || t.charAt(end) == '\n');
            out.add(new Candidate(p, end, whole));
            p = t.indexOf(s, p + 1);
        }
        return out;
    }
}
