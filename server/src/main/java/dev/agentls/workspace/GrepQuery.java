package dev.agentls.workspace;

import java.util.Objects;

/**
 * A search: an RE2 regular expression matched line by line; optional include and exclude globs (comma-separated,
 * {@code {a,b}} braces; a glob without {@code /} matches a file name, one with {@code /} a root-relative path, and an
 * exclude glob without {@code /} also matches any folder name on the way); at most {@code maxResults} matches.
 * {@code countAll} counts every matching line instead of stopping once {@code maxResults} are found.
 */
public record GrepQuery(String pattern, boolean caseSensitive, String includeGlob, String excludeGlob, int maxResults,
        boolean countAll) {
    public GrepQuery {
        Objects.requireNonNull(pattern, "pattern");
        if (maxResults < 1) {
            throw new IllegalArgumentException("maxResults must be at least 1: " + maxResults);
        }
    }

    /** First-N mode with no globs. */
    public static GrepQuery of(String pattern, boolean caseSensitive, int maxResults) {
        return new GrepQuery(pattern, caseSensitive, null, null, maxResults, false);
    }
}
