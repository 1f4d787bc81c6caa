package dev.agentls.session;

import dev.agentls.host.Host;
import java.util.concurrent.CompletableFuture;

/**
 * The agent's tools of one workspace as a front door offers them to be called one by one ({@code agentls.runTool});
 * they speak JSON text so no tool type crosses into a front door.
 */
public interface Tools {

    /**
     * Runs the tool {@code name} with {@code argumentsJson} (a JSON object) for the conversation; completes with the
     * result as JSON text, {@code {"ok":true,"text":...,"data":...}} or {@code {"ok":false,"error":...}}.
     * Cancelling the returned future cancels the tool's work.
     */
    CompletableFuture<String> run(String name, String argumentsJson, String conversationId);

    /** Builds a session's tools from its collaborators. */
    @FunctionalInterface
    interface Factory {
        Tools open(Workspace workspace, Host host);
    }

    /** For a server started without tools: every call answers that there are none. */
    Factory NONE = (workspace, host) -> (name, argumentsJson, conversationId) ->
            CompletableFuture.completedFuture("{\"ok\":false,\"error\":\"this server was started without agent tools\"}");
}
