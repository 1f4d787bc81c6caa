package dev.agentls.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What {@code agentls VERB --help} prints: the usage line, a paragraph, and every option with the values it takes and
 * its default. The option names are also what an unknown option is compared with for a "did you mean".
 */
record CommandHelp(String usage, String about, List<Option> options) {

    /**
     * One option. {@code values} is empty for a switch; {@code defaultValue} says what applies without it ("" when
     * nothing does, as for a required option).
     */
    record Option(String name, String values, String defaultValue, String description) {
        Option {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(values, "values");
            Objects.requireNonNull(defaultValue, "defaultValue");
            Objects.requireNonNull(description, "description");
        }
    }

    CommandHelp {
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(about, "about");
        options = List.copyOf(options);
    }

    /** Every name an option may be given by (aliases such as {@code -p} are their own entries). */
    List<String> optionNames() {
        List<String> names = new ArrayList<>();
        for (Option option : options) {
            for (String name : option.name().split(", ")) {
                names.add(name);
            }
        }
        return names;
    }

    String text() {
        StringBuilder text = new StringBuilder(usage).append("\n\n").append(about).append('\n');
        if (!options.isEmpty()) {
            text.append("\noptions:\n");
        }
        for (Option option : options) {
            String head = option.name() + (option.values().isEmpty() ? "" : " " + option.values());
            text.append("  ").append(head);
            text.append(head.length() < 28 ? " ".repeat(28 - head.length()) : "\n" + " ".repeat(30));
            text.append(option.description());
            if (!option.defaultValue().isEmpty()) {
                text.append(" (default: ").append(option.defaultValue()).append(')');
            }
            text.append('\n');
        }
        return text.toString();
    }
}
