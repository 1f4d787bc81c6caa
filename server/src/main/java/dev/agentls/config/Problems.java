package dev.agentls.config;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The errors and warnings of one parse. Both lists are capped so hostile input (a million unknown keys) yields a
 * bounded report; the last entry then says how many more there were. Key names pass through {@code keyNamer} so the
 * command line can report {@code --model} where settings report {@code agentls.llm.model}.
 */
final class Problems {

    static final int MAX_ERRORS = 100;
    static final int MAX_WARNINGS = 50;

    private final UnaryOperator<String> keyNamer;
    private final List<String> errors = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private int droppedErrors;
    private int droppedWarnings;

    Problems(UnaryOperator<String> keyNamer) {
        this.keyNamer = keyNamer;
    }

    String name(String key) {
        return keyNamer.apply(key);
    }

    void error(String key, String message) {
        if (errors.size() < MAX_ERRORS) {
            errors.add(name(key) + ": " + message);
        } else {
            droppedErrors++;
        }
    }

    void warning(String key, String message) {
        if (warnings.size() < MAX_WARNINGS) {
            warnings.add(name(key) + ": " + message);
        } else {
            droppedWarnings++;
        }
    }

    boolean hasErrors() {
        return !errors.isEmpty();
    }

    List<String> errors() {
        return withTail(errors, droppedErrors, "errors");
    }

    List<String> warnings() {
        return withTail(warnings, droppedWarnings, "warnings");
    }

    private static List<String> withTail(List<String> list, int dropped, String what) {
        List<String> out = new ArrayList<>(list);
        if (dropped > 0) {
            out.add("... and " + dropped + " more " + what);
        }
        return out;
    }
}
