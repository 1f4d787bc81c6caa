package dev.agentls.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.edit.lazy.LazyMerger;
import dev.agentls.host.Host;
import dev.agentls.outline.Outliner;
import dev.agentls.syntax.SyntaxParser;
import dev.agentls.tools.Cancellation;
import dev.agentls.tools.StandardTools;
import dev.agentls.tools.ToolContext;
import dev.agentls.tools.ToolResult;
import dev.agentls.tools.ToolSet;
import dev.agentls.tools.WorkspaceFiles;
import dev.agentls.tools.WorkspaceSearch;
import dev.agentls.tools.command.CommandRunner;
import dev.agentls.workspace.DirectoryLister;
import dev.agentls.workspace.FileSearch;
import dev.agentls.workspace.GrepSearch;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * Gives each workspace the agent's tools over its files and a front door's host ({@code agentls.runTool}). The command
 * runner (and its threads) is shared by every session of the process.
 */
public final class WorkspaceTools implements Tools.Factory {

    private static final int PARALLELISM = Math.max(1, Runtime.getRuntime().availableProcessors());

    private final CommandRunner runner;
    private final Path home;

    public WorkspaceTools(CommandRunner runner, Path home) {
        this.runner = runner;
        this.home = home;
    }

    /** The agent's standard tools over a session's workspace (the agent's runs use the same). */
    public ToolSet toolSet(Workspace workspace) {
        WorkspaceFiles files = new WorkspaceFiles(workspace.roots(), workspace.documents(), workspace.policy(),
                workspace.index(), workspace.checkpoints());
        WorkspaceSearch search = new WorkspaceSearch(workspace.index(),
                new GrepSearch(workspace.index(), workspace.documents(), workspace.background(), PARALLELISM),
                new FileSearch(workspace.index()), new DirectoryLister(workspace.policy()), workspace.background());
        SyntaxParser parser = new SyntaxParser();
        return StandardTools.create(files, search, new LazyMerger(parser), new Outliner(parser), runner, home);
    }

    /**
     * Jackson's mapper, made when the first tool call is read (a class holder: initialising a class is lazy and
     * thread-safe), not when the server starts: its set-up is hundreds of classes the initialize answer never needs.
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    @Override
    public Tools open(Workspace workspace, Host host) {
        // Built at the first call (a call that comes while it is built waits for it), not with the session.
        OnFirstUse<ToolSet> toolSet = new OnFirstUse<>(() -> toolSet(workspace));
        return new Tools() {
            @Override
            public CompletableFuture<String> run(String name, String argumentsJson, String conversationId) {
                return call(toolSet.get(), host, name, argumentsJson, conversationId);
            }
        };
    }

    private static CompletableFuture<String> call(ToolSet tools, Host host, String name, String argumentsJson,
                                                  String conversationId) {
        JsonNode arguments;
        try {
            arguments = Json.MAPPER.readTree(argumentsJson);
        } catch (JsonProcessingException e) {
            return CompletableFuture.completedFuture(ToolResult.failure(name + ": the arguments are not valid"
                    + " JSON: " + e.getOriginalMessage()).toJson().toString());
        }
        Cancellation cancellation = new Cancellation();
        CompletableFuture<String> answer = tools.execute(name, arguments,
                        new ToolContext(host, cancellation, conversationId))
                .thenApply(result -> result.toJson().toString());
        answer.whenComplete((value, error) -> {
            if (answer.isCancelled()) {
                cancellation.cancel();
            }
        });
        return answer;
    }
}
