package dev.agentls.mcp;

/** An MCP server could not do what was asked; the message names the server and says why. */
final class McpServerException extends RuntimeException {
    McpServerException(String message) {
        super(message, null, false, false);
    }
}
