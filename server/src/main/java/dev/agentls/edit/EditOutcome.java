package dev.agentls.edit;

import java.util.List;
import java.util.Objects;

/** The result of applying an edit's blocks to a text: all of them, or none. */
public sealed interface EditOutcome {

    /** Every block matched; {@code newText} is the whole new text, {@code matches} one entry per block in order. */
    record Applied(String newText, List<BlockMatch> matches) implements EditOutcome {
        public Applied {
            Objects.requireNonNull(newText, "newText");
            matches = List.copyOf(matches);
        }
    }

    /** A block failed; nothing of the edit applies. */
    record Refused(EditFailure failure) implements EditOutcome {
        public Refused {
            Objects.requireNonNull(failure, "failure");
        }
    }
}
