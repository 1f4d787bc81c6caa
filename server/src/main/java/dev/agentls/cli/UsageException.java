package dev.agentls.cli;

/**
 * Malformed command-line arguments; the message tells the user what to change. Not final: a {@link
 * SettingsFileException} is one (an argument naming a file that cannot be used), which {@code agentls run} reports
 * as a refusal instead.
 */
class UsageException extends Exception {
    UsageException(String message) {
        super(message);
    }
}
