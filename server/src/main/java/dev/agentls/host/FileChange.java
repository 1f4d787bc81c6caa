package dev.agentls.host;

import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalInt;

/** One change to one file, as data; a host decides how to land it (an editor's buffer, or an atomic write). */
public sealed interface FileChange {

    Path path();

    /**
     * Replace {@code oldText} with {@code newText}. {@code version} is the editor buffer's version the old text was
     * read at, when the file is open; a host must refuse the change if the buffer has moved on.
     */
    record Modify(Path path, OptionalInt version, String oldText, String newText) implements FileChange {
        public Modify {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(version, "version");
            Objects.requireNonNull(oldText, "oldText");
            Objects.requireNonNull(newText, "newText");
        }
    }

    /** Create a file that does not exist yet (parent folders included). */
    record Create(Path path, String text) implements FileChange {
        public Create {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(text, "text");
        }
    }

    /** Delete an existing file. */
    record Delete(Path path) implements FileChange {
        public Delete {
            Objects.requireNonNull(path, "path");
        }
    }
}
