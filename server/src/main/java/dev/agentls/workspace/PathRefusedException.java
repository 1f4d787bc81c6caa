package dev.agentls.workspace;

/** A path that does not resolve to a place inside the workspace, or that is malformed. */
public final class PathRefusedException extends WorkspaceException {

    /** Why the path was refused. */
    public enum Reason {
        /** Leaves every root: {@code ..}, an absolute path elsewhere, a symbolic link pointing out. */
        OUTSIDE,
        /** A symbolic link that cannot be followed safely (dangling, or a loop). */
        SYMLINK,
        /** Not a usable path: empty, NUL or control characters, {@code ~}, a bad {@code file:} URI. */
        MALFORMED,
        /** Longer than the file system allows. */
        TOO_LONG,
        /** There is no workspace folder to resolve against. */
        NO_ROOTS,
        /** Inside the workspace but on the deny list (secrets). */
        DENIED
    }

    private final String path;
    private final Reason reason;

    public PathRefusedException(String path, Reason reason, String message) {
        super(message);
        this.path = path;
        this.reason = reason;
    }

    /** The path as it was given (control characters escaped). */
    public String path() {
        return path;
    }

    public Reason reason() {
        return reason;
    }
}
