package dev.agentls.workspace;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The state of some files just before a change: their bytes, or their absence ({@code bytes} null), plus the change
 * log of what the change then did to each. {@code sequence} orders checkpoints; {@code id} is what users and the
 * model name it by.
 */
public record Checkpoint(String id, long sequence, Instant time, Optional<String> conversationId, String description,
        List<FileState> before, List<Change> changes) {

    public Checkpoint {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(conversationId, "conversationId");
        Objects.requireNonNull(description, "description");
        before = List.copyOf(before);
        changes = List.copyOf(changes);
    }

    /** One file's state: {@code bytes} null when the file did not exist. */
    public record FileState(Path path, String display, byte[] bytes) {
        public FileState {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(display, "display");
        }

        public boolean existed() {
            return bytes != null;
        }
    }

    /** What a change did to one file. */
    public enum Kind {
        ADDED,
        MODIFIED,
        DELETED
    }

    /** A change-log entry: the file, what happened, and lines added and removed. */
    public record Change(String path, Kind kind, int linesAdded, int linesRemoved) {}

    /** The bytes this checkpoint holds, for the memory budget. */
    long weight() {
        long w = 0;
        for (FileState f : before) {
            w += f.bytes() == null ? 0 : f.bytes().length;
        }
        return w;
    }
}
