package dev.agentls.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.host.Host;
import dev.agentls.lsp.SessionTools;
import dev.agentls.tools.Cancellation;
import dev.agentls.tools.StandardTools;
import dev.agentls.tools.ToolContext;
import dev.agentls.tools.ToolResult;
import dev.agentls.tools.ToolSet;
import dev.agentls.tools.WorkspaceFiles;
import dev.agentls.tools.command.CommandRunner;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * Gives each LSP session the agent's tools over its workspace and editor host ({@code agentls.runTool}). The command
 * runner (and its threads) is shared by every session of the process.
 */
public final class ToolSessions implements SessionTools.Factory {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final CommandRunner runner;
    private final Path home;

    public ToolSessions(CommandRunner runner, Path home) {
        this.runner = runner;
        this.home = home;
    }

    @Override
    public SessionTools open(WorkspaceRoots roots, DocumentStore documents, Host host) {
        ToolSet tools = StandardTools.create(new WorkspaceFiles(roots, documents, new PathPolicy()), runner, home);
        return (name, argumentsJson, conversationId) -> {
            JsonNode arguments;
            try {
                arguments = JSON.readTree(argumentsJson);
            } catch (JsonProcessingException e) {
                return CompletableFuture.completedFuture(ToolResult.failure(name + ": the arguments are not valid"
                        + " JSON: " + e.getOriginalMessage()).toJson().toString());
            }
            return tools.execute(name, arguments, new ToolContext(host, Cancellation.none(), conversationId))
                    .thenApply(result -> result.toJson().toString());
        };
    }
}
