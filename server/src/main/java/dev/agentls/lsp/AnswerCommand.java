package dev.agentls.lsp;

import com.google.gson.JsonObject;
import java.util.concurrent.CompletableFuture;

/** {@code agentls.answer} {runId, answer}: answers the question the run waits on; answers {@code {runId, answered}}. */
final class AnswerCommand implements CommandHandler {

    static final String ID = "agentls.answer";

    private final WaitingRuns waiting;

    AnswerCommand(WaitingRuns waiting) {
        this.waiting = waiting;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String runId = arguments.requireString("runId");
        String answer = arguments.requireString("answer");
        return answer(ID, waiting, runId, WaitingRuns.Kind.QUESTION, answer);
    }

    /**
     * Gives the run its answer; a run that waits for nothing, or for the other kind of answer, is InvalidParams
     * saying what it waits for.
     */
    static CompletableFuture<Object> answer(String command, WaitingRuns waiting, String runId, WaitingRuns.Kind kind,
                                            String answer) {
        WaitingRuns.Waiting current = waiting.find(runId).orElseThrow(() -> CommandFailure.invalidParams(command
                + ": run '" + Echo.bounded(runId) + "' is not waiting for an answer"));
        String given = answer;
        if (current.kind() == WaitingRuns.Kind.PLAN && kind == WaitingRuns.Kind.APPROVAL) {
            // A plan waits for its approval: approve and deny answer it as its buttons would.
            given = command.equals(DenyCommand.ID) ? EditorAsking.PLAN_REJECT : EditorAsking.PLAN_APPROVE;
        } else if (current.kind() == WaitingRuns.Kind.PLAN && kind == WaitingRuns.Kind.QUESTION) {
            given = answer;
        } else if (current.kind() != kind) {
            throw CommandFailure.invalidParams(command + ": run '" + runId + "' waits for "
                    + (current.kind() == WaitingRuns.Kind.APPROVAL ? "an approval (agentls.approve or agentls.deny)"
                    : "an answer to its question (agentls.answer)") + ": " + Echo.bounded(current.asked()));
        }
        JsonObject result = new JsonObject();
        result.addProperty("runId", runId);
        result.addProperty("answered", waiting.answer(runId, given));
        return CompletableFuture.completedFuture(result);
    }
}
