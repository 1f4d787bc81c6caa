package dev.agentls.outline;

import java.util.List;
import java.util.Objects;

/**
 * The definitions of one file as a model reads them: each top-level definition (class, interface, function, ...)
 * and the members directly inside it (methods, constructors, nested types), with 1-based inclusive lines.
 */
public record DefinitionOutline(String path, String language, List<Entry> entries, boolean hasErrors) {

    public DefinitionOutline {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(language, "language");
        entries = List.copyOf(entries);
    }

    /** One definition; {@code depth} is 0 at top level and 1 for a member of a top-level definition. */
    public record Entry(String kind, String name, int startLine, int endLine, int depth) {}

    /** The outline as text: the path, then one indented line per definition. */
    public String render() {
        StringBuilder text = new StringBuilder(path).append(':');
        if (entries.isEmpty()) {
            text.append("\n  (no definitions found)");
        }
        for (Entry entry : entries) {
            text.append('\n').append("  ".repeat(entry.depth() + 1)).append(entry.kind()).append(' ')
                    .append(entry.name()).append(" (lines ").append(entry.startLine()).append('-')
                    .append(entry.endLine()).append(')');
        }
        if (hasErrors) {
            text.append("\n  [the file has syntax errors; some definitions may be missing]");
        }
        return text.toString();
    }
}
