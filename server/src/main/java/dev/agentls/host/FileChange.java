package dev.agentls.host;

import dev.agentls.workspace.LineDelta;
import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalInt;

/** One change to one file, as data; a host decides how to land it (an editor's buffer, or an atomic write). */
public sealed interface FileChange {

    Path path();

    /** The lines this change adds and removes, as {@code diff} counts them; none for a deletion or raw bytes. */
    default LineDelta lineDelta() {
        if (this instanceof Modify modify) {
            return LineDelta.between(modify.oldText(), modify.newText());
        }
        if (this instanceof Create create) {
            return LineDelta.between("", create.text());
        }
        return new LineDelta(0, 0);
    }

    /**
     * Replace {@code oldText} with {@code newText}. {@code version} is the editor buffer's version the old text was
     * read at, when the file is open. A host never applies the change over text that has moved on: it refuses it,
     * or carries it over by content onto the newer text when the two sets of changes keep apart (the editor host).
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

    /**
     * Put exactly {@code bytes} in a file whose content is not text (an image, an archive), creating it if missing:
     * how a rollback brings back a binary file. No editor buffer holds such content, so a host writes it to disk, and
     * refuses when the file is open as a text buffer.
     */
    record WriteBytes(Path path, byte[] bytes) implements FileChange {
        public WriteBytes {
            Objects.requireNonNull(path, "path");
            bytes = bytes.clone();
        }

        @Override
        public byte[] bytes() {
            return bytes.clone();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof WriteBytes w && w.path.equals(path) && java.util.Arrays.equals(w.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return path.hashCode() * 31 + java.util.Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "WriteBytes[path=" + path + ", " + bytes.length + " bytes]";
        }
    }

    /** Delete an existing file. */
    record Delete(Path path) implements FileChange {
        public Delete {
            Objects.requireNonNull(path, "path");
        }
    }
}
