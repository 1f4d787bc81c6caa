package dev.agentls.edit;

import java.util.Objects;

/**
 * One SEARCH/REPLACE block as the model wrote it. {@code number} is 1-based within its file; {@code search} and
 * {@code replace} are the lines between the markers, each line ending in a newline (empty when there are none),
 * kept exactly as written (a {@code \r} before a newline included).
 */
public record SearchReplaceBlock(int number, String search, String replace) {

    public SearchReplaceBlock {
        if (number < 1) {
            throw new IllegalArgumentException("block numbers start at 1: " + number);
        }
        Objects.requireNonNull(search, "search");
        Objects.requireNonNull(replace, "replace");
    }
}
