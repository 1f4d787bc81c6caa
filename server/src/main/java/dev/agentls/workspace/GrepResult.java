package dev.agentls.workspace;

import java.util.List;

/**
 * The first matches in path order (at most the query's {@code maxResults}); {@code more} when there are others;
 * {@code totalMatches} the number of matching lines in count-all mode, else -1; {@code filesSearched} how many text
 * files were scanned before the search stopped; {@code skipped} the files the query's globs took in that were not
 * searched (too large to read), and {@code binaryFiles} how many binary files were left out.
 */
public record GrepResult(List<GrepMatch> matches, boolean more, long totalMatches, int filesSearched,
        List<Skipped> skipped, int binaryFiles) {

    /** A file not searched, with its size and why. */
    public record Skipped(String path, long size, String reason) {}

    public GrepResult {
        matches = List.copyOf(matches);
        skipped = List.copyOf(skipped);
    }

    public GrepResult(List<GrepMatch> matches, boolean more, long totalMatches, int filesSearched) {
        this(matches, more, totalMatches, filesSearched, List.of(), 0);
    }

    /** This result with the files a search left out. */
    GrepResult withSkipped(List<Skipped> files, int binary) {
        return new GrepResult(matches, more, totalMatches, filesSearched, files, binary);
    }
}
