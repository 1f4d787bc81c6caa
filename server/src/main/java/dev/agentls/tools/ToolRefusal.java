package dev.agentls.tools;

/**
 * Stops a tool's work with a message for the model (already prefixed with the tool's name). Thrown and caught inside
 * a tool's {@code run}, so expected problems read as straight-line code; never escapes as an exception.
 */
final class ToolRefusal extends RuntimeException {

    ToolRefusal(String message) {
        super(message, null, false, false);
    }
}
