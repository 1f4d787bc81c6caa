package dev.agentls.lsp;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import dev.agentls.lsp.review.ReviewBook;
import dev.agentls.lsp.review.ReviewView;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.revertRun} {runId}: rolls back to the checkpoint made before the run's first change (the same
 * rollback as {@code agentls.rollback}: every file changed since then restored, in one edit), and takes the run's
 * hunks out of review once the editor applied it. Answers the rollback's answer with {@code runId} and
 * {@code checkpointId}; a run that changed nothing, or is not known, is InvalidParams naming it.
 */
final class RevertRunCommand implements CommandHandler {

    static final String ID = ReviewView.REVERT_RUN;

    private final ReviewBook review;
    private final RollbackCommand rollback;

    RevertRunCommand(ReviewBook review, RollbackCommand rollback) {
        this.review = review;
        this.rollback = rollback;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String runId = arguments.requireString("runId");
        String checkpointId = review.firstCheckpoint(runId).orElseThrow(() -> CommandFailure.invalidParams(ID
                + ": run #" + Echo.bounded(runId) + (review.knowsRun(runId) ? " has no checkpoint to go back to"
                : " changed no file in this session") + ", so there is nothing to revert"));
        JsonObject rollbackArguments = new JsonObject();
        rollbackArguments.addProperty("checkpointId", checkpointId);
        return rollback.execute(CommandArguments.of(RollbackCommand.ID, List.of(rollbackArguments)))
                .thenApply(result -> {
                    JsonObject answer = new Gson().toJsonTree(result).getAsJsonObject();
                    if (answer.get("applied").getAsBoolean()) {
                        review.settleRun(runId);
                    }
                    answer.addProperty("runId", runId);
                    answer.addProperty("checkpointId", checkpointId);
                    return answer;
                });
    }
}
