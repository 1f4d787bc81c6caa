package dev.agentls.workspace;

import java.nio.file.Path;
import java.util.List;

/**
 * What to do to bring every file changed since a checkpoint back to its state at that checkpoint, byte for byte:
 * write these bytes (creating the file when it is gone) or delete the file (it did not exist then). Files already in
 * that state are left out. The tools layer turns each action into a host change.
 */
public record RestorePlan(String checkpointId, List<Action> actions) {

    public RestorePlan {
        actions = List.copyOf(actions);
    }

    /** One file to restore. */
    public sealed interface Action {
        Path path();

        String display();
    }

    /**
     * Write {@code bytes} exactly. {@code exists} says whether the file exists now (else it is re-created). Use
     * {@link #text()} to get the text and format for a text-based change (BOM and line endings kept).
     */
    public record Write(Path path, String display, byte[] bytes, boolean exists) implements Action {
        /** The bytes as text and format; refuses binary or non-UTF-8 content with the usual messages. */
        public Snapshot text() {
            return TextDecoder.decode(Path.of(display), bytes);
        }
    }

    /** Delete the file: it did not exist at the checkpoint. */
    public record Delete(Path path, String display) implements Action {}
}
