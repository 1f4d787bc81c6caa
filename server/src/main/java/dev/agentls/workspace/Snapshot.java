package dev.agentls.workspace;

import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A file's current text: the editor's buffer when it is open ({@code version} present), else disk. {@code text}
 * keeps the file's line endings as they are and never holds the BOM; {@code format} says how to write it back;
 * {@code lines} are the starts of its lines (built when an open buffer's version arrived, else on first use).
 */
public record Snapshot(Path path, String text, OptionalInt version, TextFormat format, LineStarts lines) {
    public Snapshot {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(lines, "lines");
        if (!lines.isOf(text)) {
            throw new IllegalArgumentException("the line starts of " + path + " were built for another text");
        }
    }

    /** A snapshot whose line starts are built on first use. */
    public Snapshot(Path path, String text, OptionalInt version, TextFormat format) {
        this(path, text, version, format, LineStarts.lazy(Objects.requireNonNull(text, "text")));
    }

    public boolean isOpen() {
        return version.isPresent();
    }
}
