package dev.agentls.lsp;

import dev.agentls.host.EditPlan;
import dev.agentls.host.EditPlanner;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.applyEdits} {uri, diff, conversationId?}: SEARCH/REPLACE text applied with no model. Files on the
 * deny list are refused before anything is read (see {@link DeniedTargets}). The diff is resolved against the open
 * buffer (or disk) by the {@link EditPlanner}; a refusal is a JSON-RPC error carrying its facts. A resolved edit is
 * checkpointed and goes to the editor as one {@code workspace/applyEdit} (see {@link EditPlanApplier}); the answer
 * is an {@link EditCommandAnswer}. Nothing is ever retried.
 *
 * <p>The plan is made on LSP4J's reader thread on purpose: it only reads (bounded by the store's size limit) and
 * computes, and no {@code didChange} can slip in between reading the buffer and sending the edit with its version.
 * The wait for the editor's answer is a chained future, never a blocking call.
 */
final class ApplyEditsCommand implements CommandHandler {

    static final String ID = "agentls.applyEdits";

    private final EditPlanner planner;
    private final DeniedTargets denied;
    private final EditPlanApplier applier;

    ApplyEditsCommand(EditPlanner planner, DeniedTargets denied, EditPlanApplier applier) {
        this.planner = planner;
        this.denied = denied;
        this.applier = applier;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String uri = arguments.requireString("uri");
        String diff = arguments.requireString("diff");
        String conversationId = arguments.optionalString("conversationId").orElse("direct");
        Optional<String> refusal = denied.refusalOfAnswer(ID, diff, uri);
        if (refusal.isPresent()) {
            return CommandFailure.failed(CommandFailure.requestFailed(refusal.get()));
        }
        EditPlan plan = planner.plan(diff, Optional.of(uri));
        if (plan instanceof EditPlan.Refused refused) {
            return CommandFailure.failed(CommandFailure.requestFailed(refused.message()));
        }
        return applier.apply(ID, (EditPlan.Ready) plan, conversationId);
    }
}
