package dev.agentls.lsp;

import dev.agentls.host.EditPlan;
import dev.agentls.host.LazyEditPlanner;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.applyLazyEdit} {uri, codeEdit, conversationId?}: a lazy edit ({@code // ... existing code ...}
 * standing for kept code) merged with no model into the open buffer (or disk) by the {@link LazyEditPlanner}, then
 * applied exactly as {@code agentls.applyEdits} applies SEARCH/REPLACE: a denied file refused before it is read, a
 * refusal as a JSON-RPC error carrying its facts, a merge checkpointed and sent to the editor as one
 * {@code workspace/applyEdit}, the answer an {@link EditCommandAnswer} (one {@code lazy} block per changed region).
 * Planned on the reader thread for the same reason as {@link ApplyEditsCommand}: it only reads and computes, and the
 * buffer cannot change under it.
 */
final class ApplyLazyEditCommand implements CommandHandler {

    static final String ID = "agentls.applyLazyEdit";

    private final LazyEditPlanner planner;
    private final DeniedTargets denied;
    private final EditPlanApplier applier;

    ApplyLazyEditCommand(LazyEditPlanner planner, DeniedTargets denied, EditPlanApplier applier) {
        this.planner = planner;
        this.denied = denied;
        this.applier = applier;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String uri = arguments.requireString("uri");
        String codeEdit = arguments.requireString("codeEdit");
        String conversationId = arguments.optionalString("conversationId").orElse("direct");
        Optional<String> refusal = denied.refusal(ID, uri);
        if (refusal.isPresent()) {
            return CommandFailure.failed(CommandFailure.requestFailed(refusal.get()));
        }
        EditPlan plan = planner.plan(uri, codeEdit);
        if (plan instanceof EditPlan.Refused refused) {
            return CommandFailure.failed(CommandFailure.requestFailed(refused.message()));
        }
        return applier.apply(ID, (EditPlan.Ready) plan, conversationId);
    }
}
