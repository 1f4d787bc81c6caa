package dev.agentls.workspace;

import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A file's current text: the editor's buffer when it is open ({@code version} present), else disk. {@code text}
 * keeps the file's line endings as they are and never holds the BOM; {@code format} says how to write it back.
 */
public record Snapshot(Path path, String text, OptionalInt version, TextFormat format) {
    public Snapshot {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(format, "format");
    }

    public boolean isOpen() {
        return version.isPresent();
    }
}
