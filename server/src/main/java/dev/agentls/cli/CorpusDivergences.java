package dev.agentls.cli;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The corpus entries AgentLS fails on purpose, each with the policy (../shared/edit-corpus/README.md "AgentLS's
 * choices", EDIT-SEMANTICS) that explains it. One table, so every divergence is visible and justified in one place;
 * any other failure is a bug.
 */
final class CorpusDivergences {

    /** A divergence: the category its failure must have (any other failure of the entry is a bug), and why. */
    record Divergence(String category, String policy) {}

    private final Map<String, Divergence> policies = new TreeMap<>();

    CorpusDivergences() {
        add("WRONG", "policy 1, short markers: a marker carrying SEARCH with 3 or more characters opens a block, so this"
                + " edit is well formed for AgentLS and applies (Cline rejects 3-character markers)",
                "cline-disabled-edge2-invalid-search-marker-format", "cline-legacy-edge2-invalid-search-marker-format",
                "cline-disabled-edge2-throw-error-for-incomplete-search-marker",
                "cline-legacy-edge2-throw-error-for-incomplete-search-marker");
        add("REFUSED", "policy 3, missing final REPLACE marker: refused as 'block N is incomplete', because a truncated"
                + " answer must never be applied (Cline applies it at end of stream)",
                "cline-diff-missing-final-replace-marker-when-isfinal-is-true",
                "cline-diff-missing-final-replace-marker-with-multiple-lines-of-replacement");
        add("REFUSED", "policy 4, one candidate or refuse: the SEARCH is found twice with no earlier block to order by, so it"
                + " is refused as ambiguous naming both lines (aider takes the first occurrence)",
                "aider-replace-multiple-matches", "aider-replace-multiple-matches-missing-whitespace");
        add("WRONG", "policy 5, line endings: new text is written in the file's dominant line ending (CRLF here), so the"
                + " replaced line stays CRLF (Cline writes the REPLACE bytes as given)",
                "cline-disabled-edge2-mixed-line-endings", "cline-legacy-edge2-mixed-line-endings");
        add("WRONG", "policy 6, re-indentation: the line-trimmed match found ' line2 ' indented by one space, so REPLACE is"
                + " re-indented to that indentation (' replaced'); Cline inserts REPLACE as written",
                "cline-diff-line-trimmed-match-replacement", "cline-legacy-diff-line-trimmed-match-replacement");
        add("WRONG", "EDIT-SEMANTICS rule 9, final newline: the file has no final newline and keeps none, even when a block"
                + " replaces or deletes its last line (Cline leaves the REPLACE's newline at the end)",
                "cline-diff-replace-then-delete", "cline-legacy-diff-replace-then-delete",
                "cline-disabled-edge2-long-text-with-multiple-search-replace-blocks",
                "cline-legacy-edge2-long-text-with-multiple-search-replace-blocks");
        add("WRONG", "EDIT-SEMANTICS lazy rule 5, placement: new lines right after a marker go right before the next"
                + " anchor (the state line lands just before `return (`); Continue's fixture wants it right after the"
                + " previous anchor. A case Continue itself skips", "continue-skipped-gui-js");
        add("REFUSED", "EDIT-SEMANTICS lazy rule 6, suspicious deletion: the merge would drop getResult and reset (more"
                + " than a third of the file, net) with no marker or comment saying so, so it is refused rather than"
                + " guessed. A case Continue itself skips", "continue-skipped-calculator-stateless-js");
        add("REFUSED", "EDIT-SEMANTICS rule 10, never over a blind difference: the only near match differs from the"
                + " SEARCH in code ('text' vs 'text.', 'was' vs 'is'), so it is refused naming both lines (aider's"
                + " fuzzy matching, which these disabled tests exercised, is switched off in aider too)",
                "aider-disabled-replace-most-similar-chunk",
                "aider-disabled-replace-most-similar-chunk-not-perfect-match");
        add("REFUSED", "EDIT-SEMANTICS rule 11, blocks do not undo each other: block 2 repeats block 1's SEARCH as an"
                + " alternative; after block 1 it matches only inside block 1's new text, so it is refused, never"
                + " written over block 1 (the recorded result kept block 2's text by applying it over block 1; the"
                + " same shape as astropy-14096-s5, which the corpus README lists as doubtful)",
                "agentless-gpt4omini-astropy-14096-s8");
    }

    Optional<Divergence> policy(String id) {
        return Optional.ofNullable(policies.get(id));
    }

    int size() {
        return policies.size();
    }

    /** The ids listed, for checking that each still diverges where its corpus is present. */
    java.util.Set<String> ids() {
        return java.util.Collections.unmodifiableSet(policies.keySet());
    }

    private void add(String category, String policy, String... ids) {
        for (String id : ids) {
            policies.put(id, new Divergence(category, policy));
        }
    }
}
