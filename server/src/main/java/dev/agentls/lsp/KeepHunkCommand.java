package dev.agentls.lsp;

import com.google.gson.JsonObject;
import dev.agentls.lsp.review.ReviewBook;
import dev.agentls.lsp.review.ReviewView;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.keepHunk} {hunkId}: the user keeps what a run changed there; the hunk leaves review and its
 * diagnostic goes. Answers {@code {hunkId, kept: true}}; an unknown hunk is InvalidParams naming it.
 */
final class KeepHunkCommand implements CommandHandler {

    static final String ID = ReviewView.KEEP_HUNK;

    private final ReviewBook review;

    KeepHunkCommand(ReviewBook review) {
        this.review = review;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String hunkId = arguments.requireString("hunkId");
        if (!review.settle(hunkId)) {
            throw CommandFailure.invalidParams(unknown(ID, hunkId));
        }
        JsonObject answer = new JsonObject();
        answer.addProperty("hunkId", hunkId);
        answer.addProperty("kept", true);
        return CompletableFuture.completedFuture(answer);
    }

    static String unknown(String command, String hunkId) {
        return command + ": no hunk '" + Echo.bounded(hunkId) + "' awaits review (hunk ids are <run>.<n>, as the"
                + " review's diagnostics show them; a kept or reverted hunk is gone)";
    }
}
