package dev.agentls.workspace;

/**
 * One matching line: the file's display path (root-relative, prefixed by the root's name in a multi-root
 * workspace), its 1-based line number (0 in count-all mode past the first matches), and its text, trimmed of
 * surrounding whitespace and bounded to {@link GrepSearch#MAX_LINE_CHARS} characters.
 */
public record GrepMatch(String path, int line, String text) {}
