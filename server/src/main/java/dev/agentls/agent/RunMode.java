package dev.agentls.agent;

import java.util.Locale;
import java.util.Optional;

/**
 * How a run works with files. {@code DIRECT}: the model decides, and may switch to a plan with {@code create_plan};
 * {@code PLAN}: files are read-only until the user approves the model's plan through the host; {@code ASK}: files
 * are read-only for the whole run (questions, explanations).
 */
public enum RunMode {
    DIRECT, PLAN, ASK;

    /** The name in events and settings: {@code direct}, {@code plan}, {@code ask}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode with this name, exactly (lower case). */
    public static Optional<RunMode> byId(String id) {
        for (RunMode mode : values()) {
            if (mode.id().equals(id)) {
                return Optional.of(mode);
            }
        }
        return Optional.empty();
    }
}
