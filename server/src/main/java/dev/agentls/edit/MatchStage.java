package dev.agentls.edit;

import java.util.List;

/**
 * One stage of the matching cascade (EDIT-SEMANTICS rule 5). A stage finds every candidate it accepts and nothing
 * else; choosing among them is the engine's job (rule 6). Stages hold no state between calls.
 */
interface MatchStage {

    /** More candidates than this are never listed one by one: the SEARCH is hopelessly ambiguous. */
    int MAX_CANDIDATES = SearchReplaceFailure.MAX_LISTED_PLACES;

    /** The name reported in {@link BlockMatch#strategy()}. */
    String name();

    /** Every candidate, in text order; at most {@link #MAX_CANDIDATES} + 1 (the extra one says "more"). */
    List<Candidate> find(Document doc, SearchText search);

    /** Whether the REPLACE text is used as written (the match is byte-exact) rather than re-indented. */
    default boolean exact() {
        return false;
    }

    /** Whether several candidates may be resolved by order (rule 6); fuzzy ties never are. */
    default boolean orderResolves() {
        return true;
    }
}
