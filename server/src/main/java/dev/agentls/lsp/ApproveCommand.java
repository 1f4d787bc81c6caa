package dev.agentls.lsp;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.approve} {runId, scope?}: allows what the run waits to do; {@code scope} is {@code once} (the
 * default), {@code run} (the same command for the rest of the run) or {@code always} (kept in
 * {@code .agentls/settings.json}). Answers {@code {runId, answered}}.
 */
final class ApproveCommand implements CommandHandler {

    static final String ID = "agentls.approve";
    private static final List<String> SCOPES = List.of(EditorAsking.ONCE, EditorAsking.RUN, EditorAsking.ALWAYS);

    private final WaitingRuns waiting;

    ApproveCommand(WaitingRuns waiting) {
        this.waiting = waiting;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String runId = arguments.requireString("runId");
        String scope = arguments.optionalString("scope").orElse(EditorAsking.ONCE);
        if (!SCOPES.contains(scope)) {
            throw CommandFailure.invalidParams(ID + ": argument 'scope' must be one of " + SCOPES + ", got '"
                    + Echo.bounded(scope) + "'");
        }
        return AnswerCommand.answer(ID, waiting, runId, WaitingRuns.Kind.APPROVAL, scope);
    }
}
