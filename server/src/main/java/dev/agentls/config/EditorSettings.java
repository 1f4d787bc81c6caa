package dev.agentls.config;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * Settings of what the server does in the editor's documents ({@code agentls.editor.*}).
 *
 * @param doneInstruction what becomes of an {@code @agent} line when its run ends: marked
 *                        {@code @agent-done #<run> <summary>} (the default) or removed
 */
public record EditorSettings(DoneInstruction doneInstruction) {

    public static final EditorSettings DEFAULTS = new EditorSettings(DoneInstruction.MARK);

    public EditorSettings {
        Objects.requireNonNull(doneInstruction, "doneInstruction");
    }

    /** What becomes of a finished instruction line. */
    public enum DoneInstruction {
        MARK("mark"), REMOVE("remove");

        private final String id;

        DoneInstruction(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        static Optional<DoneInstruction> byId(String id) {
            return Arrays.stream(values()).filter(v -> v.id.equals(id)).findFirst();
        }
    }
}
