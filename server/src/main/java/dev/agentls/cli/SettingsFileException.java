package dev.agentls.cli;

/**
 * A {@code --settings FILE} that cannot be used: the message names the file and what is wrong with it (the problem
 * of reading it, or each bad key with its accepted form). {@code agentls mcp list} reports it as any usage error
 * (exit 2); {@code agentls run} refuses to start with it (exit 1) and touches nothing.
 */
final class SettingsFileException extends UsageException {
    SettingsFileException(String message) {
        super(message);
    }
}
