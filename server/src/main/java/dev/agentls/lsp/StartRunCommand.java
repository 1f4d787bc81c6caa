package dev.agentls.lsp;

import com.google.gson.JsonObject;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.run} {prompt, conversationId?, mode?, uri?, range?}: starts a run and answers at once with
 * {@code {runId, conversationId}}; the run goes on, seen through events, progress and messages.
 */
final class StartRunCommand implements CommandHandler {

    static final String ID = "agentls.run";

    private final RunRequests requests;
    private final SessionRuns runs;

    StartRunCommand(RunRequests requests, SessionRuns runs) {
        this.requests = requests;
        this.runs = runs;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        return start(runs, requests.of(arguments, arguments.requireString("prompt")), ID);
    }

    /** Starts the request; an unknown conversation is InvalidParams, a session without agent RequestFailed. */
    static CompletableFuture<Object> start(SessionRuns runs, dev.agentls.agent.RunRequest request, String command) {
        SessionRuns.Started started;
        try {
            started = runs.start(request);
        } catch (IllegalArgumentException e) {
            return CommandFailure.failed(CommandFailure.invalidParams(command + ": " + e.getMessage()));
        } catch (IllegalStateException e) {
            return CommandFailure.failed(CommandFailure.requestFailed(command + ": " + e.getMessage()));
        }
        JsonObject answer = new JsonObject();
        answer.addProperty("runId", started.runId());
        answer.addProperty("conversationId", started.conversationId());
        return CompletableFuture.completedFuture(answer);
    }
}
