package dev.agentls.lsp;

import com.google.gson.JsonObject;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.steer} {runId, message}: adds the user's message to the run, which the model reads at its next tool
 * boundary; answers {@code {runId, taken}} ({@code taken} false when the run ended meanwhile).
 */
final class SteerRunCommand implements CommandHandler {

    static final String ID = "agentls.steer";

    private final EditorRuns runs;

    SteerRunCommand(EditorRuns runs) {
        this.runs = runs;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String runId = arguments.requireString("runId");
        String message = arguments.requireString("message");
        if (message.isBlank()) {
            throw CommandFailure.invalidParams(ID + ": argument 'message' is blank");
        }
        boolean taken = runs.find(runId).orElseThrow(() -> CancelRunCommand.notRunning(ID, runId, runs))
                .steer(message);
        JsonObject answer = new JsonObject();
        answer.addProperty("runId", runId);
        answer.addProperty("taken", taken);
        return CompletableFuture.completedFuture(answer);
    }
}
