package dev.agentls.workspace;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of a {@code .gitignore}-style file, compiled: its glob, whether it re-includes ({@code !}), applies to
 * folders only (trailing {@code /}), and is anchored to {@code base} (a {@code /} at its start or middle); an
 * unanchored rule matches a name at any depth below {@code base}. {@code source} and {@code line} say where it came
 * from, for messages.
 */
public record IgnoreRule(String base, Glob glob, boolean negated, boolean directoryOnly, boolean anchored,
        String source, int line) {

    /** Parses a whole ignore file whose folder is {@code base} ({@code ""} for the root, else {@code "a/b"}). */
    public static List<IgnoreRule> parse(String base, String text, String source) {
        List<IgnoreRule> rules = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            IgnoreRule rule = parseLine(base, lines[i], source, i + 1);
            if (rule != null) {
                rules.add(rule);
            }
        }
        return List.copyOf(rules);
    }

    /** Parses one line; null for blank lines, comments and lines that can never match. */
    static IgnoreRule parseLine(String base, String raw, String source, int line) {
        String text = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
        if (text.isEmpty() || text.startsWith("#")) {
            return null;
        }
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == ' ' && !(end > 1 && text.charAt(end - 2) == '\\')) {
            end--;
        }
        text = text.substring(0, end);
        boolean negated = text.startsWith("!");
        if (negated) {
            text = text.substring(1);
        }
        boolean directoryOnly = text.endsWith("/") && !text.endsWith("\\/");
        if (directoryOnly) {
            text = text.substring(0, text.length() - 1);
        }
        if (text.isEmpty() || text.endsWith("\\") && !text.endsWith("\\\\")) {
            return null;
        }
        boolean anchored = text.indexOf('/') >= 0;
        if (text.startsWith("/")) {
            text = text.substring(1);
        }
        if (text.isEmpty()) {
            return null;
        }
        return new IgnoreRule(base, Glob.compile(text, false), negated, directoryOnly, anchored, source, line);
    }

    /**
     * Whether this rule matches {@code path} (relative to the root, {@code /}-separated; {@code name} its last
     * segment). The caller has checked that {@code path} lies below {@code base}.
     */
    boolean matches(String path, String name, boolean directory) {
        if (directoryOnly && !directory) {
            return false;
        }
        if (!anchored) {
            return glob.matchesName(name);
        }
        String below = base.isEmpty() ? path : path.substring(base.length() + 1);
        return glob.matches(below);
    }
}
