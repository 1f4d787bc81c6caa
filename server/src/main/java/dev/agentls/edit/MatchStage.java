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

    /**
     * The candidates the choice needs, knowing where the previous block's match ended (-1 for the first block): a
     * stage may answer just the one whole-line candidate starting at or after {@code previousEnd} when it is the
     * only one there, since rule 6 takes it whatever comes before. By default, every candidate.
     */
    default List<Candidate> find(Document doc, SearchText search, int previousEnd) {
        return find(doc, search);
    }

    /** Whether the REPLACE text is used as written (the match is byte-exact) rather than re-indented. */
    default boolean exact() {
        return false;
    }

    /** Whether several candidates may be resolved by order (rule 6); fuzzy ties never are. */
    default boolean orderResolves() {
        return true;
    }
}
