package dev.agentls.cli;

/** Malformed command-line arguments; the message tells the user what to change. */
final class UsageException extends Exception {
    UsageException(String message) {
        super(message);
    }
}
