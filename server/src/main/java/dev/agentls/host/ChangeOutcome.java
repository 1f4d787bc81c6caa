package dev.agentls.host;

/** What became of a {@link FileChange}. */
public sealed interface ChangeOutcome {

    /** The change landed. */
    record Applied() implements ChangeOutcome {}

    /**
     * The change did not land and nothing was changed: the editor refused it, the buffer's version moved on, or the
     * write failed. {@code reason} is said to the model or the user as it is.
     */
    record Refused(String reason) implements ChangeOutcome {}
}
