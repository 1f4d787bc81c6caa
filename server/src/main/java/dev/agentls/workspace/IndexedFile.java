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
        /** Text held in memory. */
        TEXT,
        /** Text left on disk because the index's memory budget is spent: searched by reading it when needed. */
        UNCACHED,
        BINARY,
        HUGE
    }

    public IndexedFile {
        Objects.requireNonNull(relative, "relative");
        Objects.requireNonNull(kind, "kind");
    }

    /** Whether the file is text to search (held in memory or not). */
    public boolean isText() {
        return kind == Kind.TEXT || kind == Kind.UNCACHED;
    }

    public String name() {
        return relative.substring(relative.lastIndexOf('/') + 1);
    }
}
