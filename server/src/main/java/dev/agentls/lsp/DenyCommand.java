package dev.agentls.lsp;

import java.util.concurrent.CompletableFuture;

/** {@code agentls.deny} {runId}: refuses what the run waits to do; the model is told the user declined. */
final class DenyCommand implements CommandHandler {

    static final String ID = "agentls.deny";

    private final WaitingRuns waiting;

    DenyCommand(WaitingRuns waiting) {
        this.waiting = waiting;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        return AnswerCommand.answer(ID, waiting, arguments.requireString("runId"), WaitingRuns.Kind.APPROVAL,
                EditorAsking.DENIED);
    }
}
