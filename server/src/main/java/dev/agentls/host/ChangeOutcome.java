package dev.agentls.host;

/** What became of a {@link FileChange}. */
public sealed interface ChangeOutcome {

    /**
     * The change was applied: it reached the buffer or file. {@code note} says what the model should know of how
     * (empty: as planned), such as the user having changed the file meanwhile and the change put where the user's
     * typing moved its lines.
     */
    record Applied(String note) implements ChangeOutcome {
        public Applied {
            java.util.Objects.requireNonNull(note, "note");
        }

        /** Applied as planned. */
        public Applied() {
            this("");
        }
    }

    /**
     * The change did not land and nothing was changed: the editor refused it, the buffer's version moved on, or the
     * write failed. {@code reason} is said to the model or the user as it is.
     */
    record Refused(String reason) implements ChangeOutcome {}
}
