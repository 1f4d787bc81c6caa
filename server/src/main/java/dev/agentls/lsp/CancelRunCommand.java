package dev.agentls.lsp;

import com.google.gson.JsonObject;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.cancel} {runId}: stops the run; answers {@code {runId, cancelled: true}}. A run that is not under
 * way (unknown, or already ended) is InvalidParams naming the runs that are.
 */
final class CancelRunCommand implements CommandHandler {

    static final String ID = "agentls.cancel";

    private final EditorRuns runs;

    CancelRunCommand(EditorRuns runs) {
        this.runs = runs;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String runId = arguments.requireString("runId");
        runs.find(runId).orElseThrow(() -> notRunning(ID, runId, runs)).cancel();
        JsonObject answer = new JsonObject();
        answer.addProperty("runId", runId);
        answer.addProperty("cancelled", true);
        return CompletableFuture.completedFuture(answer);
    }

    static org.eclipse.lsp4j.jsonrpc.ResponseErrorException notRunning(String command, String runId, EditorRuns runs) {
        return CommandFailure.invalidParams(command + ": no run '" + Echo.bounded(runId) + "' is under way; runs under"
                + " way: " + runs.runningIds());
    }
}
