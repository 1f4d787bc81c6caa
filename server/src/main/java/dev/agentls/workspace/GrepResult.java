package dev.agentls.workspace;

import java.util.List;

/**
 * The first matches in path order (at most the query's {@code maxResults}); {@code more} when there are others;
 * {@code totalMatches} the number of matching lines in count-all mode, else -1; {@code filesSearched} how many text
 * files were scanned before the search stopped.
 */
public record GrepResult(List<GrepMatch> matches, boolean more, long totalMatches, int filesSearched) {
    public GrepResult {
        matches = List.copyOf(matches);
    }
}
