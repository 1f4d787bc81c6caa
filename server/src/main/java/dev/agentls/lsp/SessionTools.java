package dev.agentls.lsp;

import dev.agentls.host.Host;
import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileIndex;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The agent's tools as one session offers them to its editor ({@code agentls.runTool}). The composition root builds
 * them, since this package may not depend on the tools; they speak JSON text so no tool type crosses the boundary.
 */
public interface SessionTools {

    /**
     * Runs the tool {@code name} with {@code argumentsJson} (a JSON object) for the conversation; completes with the
     * result as JSON text, {@code {"ok":true,"text":...,"data":...}} or {@code {"ok":false,"error":...}}.
     * Cancelling the returned future cancels the tool's work.
     */
    CompletableFuture<String> run(String name, String argumentsJson, String conversationId);

    /**
     * What a session's tools work on: its folders, buffers, path policy, warm index, checkpoints, and a background
     * executor.
     */
    record Workspace(WorkspaceRoots roots, DocumentStore documents, PathPolicy policy, FileIndex index,
                     CheckpointStore checkpoints, Executor background) {}

    /** Builds a session's tools from its collaborators. */
    @FunctionalInterface
    interface Factory {
        SessionTools open(Workspace workspace, Host host);
    }

    /** For a server started without tools: every call answers that there are none. */
    Factory NONE = (workspace, host) -> (name, argumentsJson, conversationId) ->
            CompletableFuture.completedFuture("{\"ok\":false,\"error\":\"this server was started without agent tools\"}");
}
