package dev.agentls.cli;

import java.util.Optional;

/**
 * Malformed command-line arguments; the message tells the user what to change. Not final: a {@link
 * SettingsFileException} is one (an argument naming a file that cannot be used), which {@code agentls run} reports
 * as a refusal instead. An unknown option or action carries the word given, so the command line can suggest the
 * nearest known one.
 */
class UsageException extends Exception {

    private final transient String unknown;

    UsageException(String message) {
        this(message, null);
    }

    private UsageException(String message, String unknown) {
        super(message);
        this.unknown = unknown;
    }

    /** {@code unknown option 'X'}, then {@code usage}. */
    static UsageException unknownOption(String given, String usage) {
        return new UsageException("unknown option '" + ShownArgument.of(given) + "' (" + usage + ")", given);
    }

    /** The option or action the user gave that the command does not know, if that is the complaint. */
    Optional<String> unknown() {
        return Optional.ofNullable(unknown);
    }
}
