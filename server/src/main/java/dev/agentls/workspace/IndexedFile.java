package dev.agentls.workspace;

import java.util.Objects;

/**
 * One file of the warm index. {@code content} holds the file's bytes one char per byte (a Latin-1 string, stored
 * compactly by the JVM: one byte per char), so search runs over bytes with the JVM's vectorised {@code indexOf}; it is
 * null for binary and huge files, which are recognised once and remembered by their size and time.
 */
public record IndexedFile(String relative, long size, long modified, Kind kind, String content) {

    /** What the index knows of a file's content. */
    public enum Kind {
        TEXT,
        BINARY,
        HUGE
    }

    public IndexedFile {
        Objects.requireNonNull(relative, "relative");
        Objects.requireNonNull(kind, "kind");
    }

    public String name() {
        return relative.substring(relative.lastIndexOf('/') + 1);
    }
}
