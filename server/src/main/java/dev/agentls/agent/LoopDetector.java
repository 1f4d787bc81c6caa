package dev.agentls.agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Notices a model going round in circles: the same tool call with the same result three times, or the same failing
 * edit twice. The first time, the run recovers: the model is told what it repeats and the earlier repeats are left out
 * of the next request (so it does not copy its own pattern); if the same repetition reaches the limit again, the run
 * stops.
 */
final class LoopDetector {

    static final int SAME_CALL_LIMIT = 3;
    static final int SAME_FAILED_EDIT_LIMIT = 2;

    /** One occurrence of a call: its answer's message id (when the answer held only this call) and its result's. */
    record Occurrence(String assistantMessageId, boolean onlyCallOfAnswer, String resultMessageId) {}

    /** What to do after a call. */
    sealed interface Verdict {
        record None() implements Verdict {}

        record Recover(String what, int repeats, List<String> dropMessageIds) implements Verdict {}

        record Stop(String what, int repeats) implements Verdict {}
    }

    private final Map<String, List<Occurrence>> seen = new HashMap<>();
    private final Set<String> warned = new HashSet<>();

    /** @param edits whether {@code tool} is an edit tool, whose failures repeat sooner into a loop */
    Verdict observe(String tool, boolean edits, String arguments, boolean ok, String result, Occurrence occurrence) {
        boolean failedEdit = !ok && edits;
        String key = tool + '\u0000' + arguments.strip() + '\u0000' + (failedEdit ? "failed" : ok + result);
        int limit = failedEdit ? SAME_FAILED_EDIT_LIMIT : SAME_CALL_LIMIT;
        List<Occurrence> list = seen.computeIfAbsent(key, k -> new ArrayList<>());
        list.add(occurrence);
        if (list.size() < limit) {
            return new Verdict.None();
        }
        String what = failedEdit
                ? "the same failing " + tool + " call (same arguments, failing again)"
                : "the same " + tool + " call with the same arguments and the same result";
        if (warned.contains(key)) {
            return new Verdict.Stop(what, list.size());
        }
        warned.add(key);
        List<String> drop = new ArrayList<>();
        for (Occurrence earlier : list.subList(0, list.size() - 1)) {
            if (earlier.onlyCallOfAnswer()) {
                drop.add(earlier.assistantMessageId());
                drop.add(earlier.resultMessageId());
            }
        }
        int repeats = list.size();
        list.subList(0, list.size() - 1).clear();
        return new Verdict.Recover(what, repeats, drop);
    }

    /** The note the model reads after a recovery. */
    static String note(String what, int repeats) {
        return "AgentLS noticed a loop: you made " + what + " " + repeats + " times. The earlier repeats were"
                + " removed from this conversation. Do not make that call again: use what you already have, read"
                + " the current file before another edit, or try a different approach.";
    }
}
