package dev.agentls.edit;

/**
 * Where one block matched: the cascade stage that found it ({@code exact}, {@code line-trimmed},
 * {@code whitespace-normalized}, {@code block-anchor}, {@code fuzzy}, {@code whole-file}) and the lines it replaced,
 * 1-based and inclusive, counted in the ORIGINAL text even when earlier blocks moved them.
 */
public record BlockMatch(int number, String strategy, int startLine, int endLine) {}
