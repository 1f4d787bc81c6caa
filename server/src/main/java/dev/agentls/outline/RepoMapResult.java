package dev.agentls.outline;

/**
 * A rendered repo map: its text, its size in tokens, how many files and definitions it shows, and whether the
 * workspace had been read completely when it was ranked ({@code note} says what is missing when not).
 */
public record RepoMapResult(String text, int tokens, int files, int definitions, boolean complete, String note) {
}
