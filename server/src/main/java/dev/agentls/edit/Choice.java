package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * EDIT-SEMANTICS rule 6, one candidate or refuse: whole-line candidates are preferred (one inside a line counts only
 * when it is the only candidate at all); among several, the single one starting at or after the end of the previous
 * block's match wins; if none is after and exactly one exists, it wins (out-of-order blocks); otherwise there is no
 * choice and {@code candidates} are the ones a refusal lists.
 */
record Choice(Candidate chosen, List<Candidate> candidates) {

    static Choice choose(List<Candidate> found, int previousEnd, boolean orderResolves) {
        if (found.size() > MatchStage.MAX_CANDIDATES) {
            return new Choice(null, found);
        }
        List<Candidate> whole = new ArrayList<>();
        for (Candidate c : found) {
            if (c.wholeLines()) {
                whole.add(c);
            }
        }
        if (whole.isEmpty()) {
            return found.size() == 1 ? new Choice(found.get(0), found) : new Choice(null, found);
        }
        if (whole.size() == 1) {
            return new Choice(whole.get(0), whole);
        }
        if (!orderResolves) {
            return new Choice(null, whole);
        }
        List<Candidate> after = new ArrayList<>();
        for (Candidate c : whole) {
            if (previousEnd < 0 || c.start() >= previousEnd) {
                after.add(c);
            }
        }
        if (after.size() == 1) {
            return new Choice(after.get(0), whole);
        }
        return new Choice(null, whole);
    }
}
