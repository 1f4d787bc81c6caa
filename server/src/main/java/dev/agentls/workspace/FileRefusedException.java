package dev.agentls.workspace;

import java.nio.file.Path;

/** A file inside the workspace that cannot be read or written as text. */
public final class FileRefusedException extends WorkspaceException {

    /** Why the file was refused. */
    public enum Reason {
        NOT_FOUND,
        DIRECTORY,
        TOO_LARGE,
        BINARY,
        INVALID_ENCODING,
        IO
    }

    private final Path path;
    private final Reason reason;

    public FileRefusedException(Path path, Reason reason, String message) {
        super(message);
        this.path = path;
        this.reason = reason;
    }

    public FileRefusedException(Path path, Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.path = path;
        this.reason = reason;
    }

    public Path path() {
        return path;
    }

    public Reason reason() {
        return reason;
    }
}
