package dev.agentls.edit;

import java.util.List;
import java.util.Objects;

/** What the parser made of a model's text: the blocks per file, or why the text is not a well-formed edit. */
public sealed interface ParseOutcome {

    /** One entry per {@code <file-edit>} wrapper, in order; a single entry with no path when unwrapped. */
    record Parsed(List<FileEditBlocks> files) implements ParseOutcome {
        public Parsed {
            files = List.copyOf(files);
        }
    }

    /** The text is not a well-formed edit; never guessed at. */
    record Malformed(EditFailure failure) implements ParseOutcome {
        public Malformed {
            Objects.requireNonNull(failure, "failure");
        }
    }
}
