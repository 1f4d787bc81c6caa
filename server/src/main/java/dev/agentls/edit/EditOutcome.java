package dev.agentls.edit;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/** The result of applying an edit's blocks to a text: all of them, or none. */
public sealed interface EditOutcome {

    /**
     * Every block matched; {@link #newText} is the whole new text, {@link #matches} one entry per block in order.
     *
     * <p>The engine hands the new text over unbuilt: Java cannot slice a string without copying it, so building the
     * result of an edit in a large file costs two copies of the file, which most callers of a refused, repeated or
     * diffed edit never need in full. It is built on the first call to {@link #newText} and kept; equal texts and
     * matches make equal outcomes, as they did when this was a record.
     */
    final class Applied implements EditOutcome {
        private final List<BlockMatch> matches;
        /** Guarded by {@code this}: what builds the text until it is built, then null. */
        private Supplier<String> pending;
        private String newText;

        public Applied(String newText, List<BlockMatch> matches) {
            this.newText = Objects.requireNonNull(newText, "newText");
            this.matches = List.copyOf(matches);
        }

        /** An outcome whose text {@code render} builds when first asked; {@code render} is called at most once. */
        static Applied deferred(Supplier<String> render, List<BlockMatch> matches) {
            Applied applied = new Applied("", matches);
            applied.newText = null;
            applied.pending = Objects.requireNonNull(render, "render");
            return applied;
        }

        public synchronized String newText() {
            if (newText == null) {
                newText = Objects.requireNonNull(pending.get(), "rendered text");
                pending = null;
            }
            return newText;
        }

        public List<BlockMatch> matches() {
            return matches;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Applied other && matches.equals(other.matches) && newText().equals(other.newText());
        }

        @Override
        public int hashCode() {
            return 31 * newText().hashCode() + matches.hashCode();
        }

        @Override
        public String toString() {
            return "Applied[newText=" + newText() + ", matches=" + matches + "]";
        }
    }

    /** A block failed; nothing of the edit applies. */
    record Refused(EditFailure failure) implements EditOutcome {
        public Refused {
            Objects.requireNonNull(failure, "failure");
        }
    }
}
