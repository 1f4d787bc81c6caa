package dev.agentls.config;

import java.util.List;

/**
 * Settings that cannot be used, with every problem found (not just the first), each naming its full key and the
 * accepted form. Messages never repeat a value that looks like a secret.
 */
public final class SettingsException extends Exception {

    private final List<String> errors;

    public SettingsException(List<String> errors) {
        super(errors.size() == 1 ? errors.get(0)
                : errors.size() + " settings errors:\n  " + String.join("\n  ", errors));
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("a settings exception needs at least one error");
        }
        this.errors = List.copyOf(errors);
    }

    /** Every problem found, in the order of the settings. */
    public List<String> errors() {
        return errors;
    }
}
