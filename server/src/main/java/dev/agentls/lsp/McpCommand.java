package dev.agentls.lsp;

import com.google.gson.JsonParser;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.mcp} {}: the session's MCP servers, {@code {servers: [{name, origin, source, transport, target,
 * state, reason?, tools: [{name, exposedAs, description}]}], problems: [...]}}. Starts nothing, asks nothing.
 */
final class McpCommand implements CommandHandler {

    static final String ID = "agentls.mcp";

    private final EditorRuns runs;

    McpCommand(EditorRuns runs) {
        this.runs = runs;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        // Reading the configuration files is quick, but it is file I/O: off the reader thread.
        return CompletableFuture.supplyAsync(() -> JsonParser.parseString(runs.mcpServers()));
    }
}
