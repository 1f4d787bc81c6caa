package dev.agentls.tools.command;

/** A command line the checker cannot follow; its message says what, and the command then needs approval. */
final class ShellSyntaxException extends Exception {

    ShellSyntaxException(String message) {
        super(message);
    }
}
