package dev.agentls.lsp;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.agentls.host.ApprovalAnswer;
import dev.agentls.host.ApprovalQuestion;
import dev.agentls.host.ApprovalScope;
import dev.agentls.host.QuestionWithdrawn;
import dev.agentls.session.ApprovalPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * How a run asks the user through the editor, as the editor can be asked. Approvals go as
 * {@code window/showMessageRequest} buttons only to a client that declares {@code messageActionItem}; questions go as
 * {@code agentls/ask} to a client that declares it, else as buttons. Whatever the client does with that request
 * (Helix answers MethodNotFound, Kakoune queues it) and for clients that cannot be asked at all, the run also waits
 * for {@code agentls.approve}, {@code agentls.deny} or {@code agentls.answer}, and a {@code window/showMessage} says
 * so. Nothing is denied for the user: not by a timeout, not by a client error.
 */
final class EditorAsking {

    static final String ALLOW_ONCE = "Allow once";
    static final String ALLOW_RUN = "Allow for this run";
    static final String DENY = "Deny";
    /** The answers {@code agentls.approve} takes as its {@code scope}, and {@code agentls.deny}'s. */
    static final String ONCE = ApprovalScope.ONCE.id();
    static final String RUN = ApprovalScope.RUN.id();
    static final String ALWAYS = ApprovalScope.ALWAYS.id();
    static final String DENIED = "deny";

    private static final int MAX_COMMAND_IN_TITLE = 60;

    private final LanguageClient client;
    private final ClientExtensions declared;
    private final WaitingRuns waiting;
    private final ApprovalPolicy policy;
    private final RunAnchors anchors;
    private final SessionDiagnostics diagnostics;

    /** @param anchors where a waiting run is shown as a diagnostic with code actions to answer it */
    EditorAsking(LanguageClient client, ClientExtensions declared, WaitingRuns waiting, ApprovalPolicy policy,
                 RunAnchors anchors, SessionDiagnostics diagnostics) {
        this.anchors = anchors;
        this.diagnostics = diagnostics;
        this.client = client;
        this.declared = declared;
        this.waiting = waiting;
        this.policy = policy;
    }

    /**
     * Asks to approve {@code question} of run {@code runId} with a button per scope it offers and Deny; the run also
     * waits for {@code agentls.approve} (its {@code scope}) or {@code agentls.deny}.
     */
    CompletableFuture<ApprovalAnswer> approve(String runId, ApprovalQuestion question) {
        String command = question.command();
        CompletableFuture<String> answered = waiting.await(runId, WaitingRuns.Kind.APPROVAL, command);
        answered.whenComplete((answer, error) -> unmark(runId));
        // A scope the question did not offer (agentls.approve can name any) is granted once.
        CompletableFuture<ApprovalAnswer> decided = answered.thenApply(answer -> ApprovalScope.of(answer)
                .map(scope -> question.scopes().contains(scope) ? scope : ApprovalScope.ONCE)
                .<ApprovalAnswer>map(ApprovalAnswer.Allowed::new).orElse(ApprovalAnswer.Denied.WITHOUT_REASON));
        String alwaysTitle = alwaysTitle(command);
        String message = "AgentLS #" + runId + ": " + question.title() + "\n" + question.detail();
        CompletableFuture<MessageActionItem> request = null;
        if (declared.messageActions()) {
            List<MessageActionItem> buttons = new ArrayList<>(List.of(new MessageActionItem(ALLOW_ONCE)));
            if (question.scopes().contains(ApprovalScope.RUN)) {
                buttons.add(new MessageActionItem(ALLOW_RUN));
            }
            if (question.scopes().contains(ApprovalScope.ALWAYS)) {
                buttons.add(new MessageActionItem(alwaysTitle));
            }
            buttons.add(new MessageActionItem(DENY));
            ShowMessageRequestParams params = new ShowMessageRequestParams(buttons);
            params.setType(MessageType.Warning);
            params.setMessage(message);
            request = client.showMessageRequest(params);
            request.whenComplete((chosen, error) -> {
                String picked = error == null && chosen != null ? chosen.getTitle() : null;
                String answer = ALLOW_ONCE.equals(picked) ? ONCE : ALLOW_RUN.equals(picked) ? RUN
                        : alwaysTitle.equals(picked) ? ALWAYS : DENY.equals(picked) ? DENIED : null;
                if (answer != null) {
                    waiting.answer(runId, answer);
                } else if (!decided.isDone()) {
                    tellHowToApprove(runId, command);
                }
            });
        } else {
            tellHowToApprove(runId, command);
        }
        takeBackWhenWithdrawn(runId, decided, answered, request, "its request to run `" + command + "`");
        return decided;
    }

    /** The workspace's policy, which decides approvals before they are asked here and applies their scope. */
    ApprovalPolicy policy() {
        return policy;
    }

    /**
     * Asks a question; empty when dismissed. {@code agentls/ask} to a client that declares it, else buttons with the
     * options, else (or when the client fails to ask) a message saying to answer with {@code agentls.answer}.
     */
    static final String PLAN_APPROVE = "Approve";
    static final String PLAN_REJECT = "Reject";

    /** The options the agent offers when it asks for a plan's approval. */
    static final List<String> PLAN_OPTIONS = List.of(PLAN_APPROVE, PLAN_REJECT);

    CompletableFuture<Optional<String>> ask(String runId, String question, List<String> options) {
        CompletableFuture<String> waited = waiting.await(runId, options.equals(PLAN_OPTIONS)
                ? WaitingRuns.Kind.PLAN : WaitingRuns.Kind.QUESTION, question);
        waited.whenComplete((answer, error) -> unmark(runId));
        CompletableFuture<Optional<String>> answered = waited.thenApply(answer -> Optional.ofNullable(answer).filter(text -> !text.isEmpty()));
        CompletableFuture<?> request = null;
        if (declared.ask() && client instanceof AgentLsClient extended) {
            JsonObject params = new JsonObject();
            params.addProperty("runId", runId);
            params.addProperty("question", question);
            JsonArray list = new JsonArray();
            options.forEach(list::add);
            params.add("options", list);
            CompletableFuture<JsonObject> asked = extended.ask(params);
            request = asked;
            asked.whenComplete((answer, error) -> {
                JsonElement given = error == null && answer != null ? answer.get("answer") : null;
                if (waited.isDone()) {
                    return; // withdrawn (the request was cancelled), or answered by a command meanwhile
                }
                if (error != null) {
                    tellHowToAnswer(runId, question, options);
                } else {
                    waiting.answer(runId, given == null || given.isJsonNull() ? "" : given.getAsString());
                }
            });
        } else if (declared.messageActions() && !options.isEmpty()) {
            ShowMessageRequestParams params = new ShowMessageRequestParams(
                    options.stream().map(MessageActionItem::new).toList());
            params.setType(MessageType.Info);
            params.setMessage("AgentLS #" + runId + " asks: " + question);
            CompletableFuture<MessageActionItem> shown = client.showMessageRequest(params);
            request = shown;
            shown.whenComplete((chosen, error) -> {
                if (waited.isDone()) {
                    return;
                }
                if (error != null) {
                    tellHowToAnswer(runId, question, options);
                } else {
                    waiting.answer(runId, chosen == null || chosen.getTitle() == null ? "" : chosen.getTitle());
                }
            });
        } else {
            tellHowToAnswer(runId, question, options);
        }
        takeBackWhenWithdrawn(runId, answered, waited, request, options.equals(PLAN_OPTIONS)
                ? "its plan's approval question" : "its question \"" + RunWatch.firstLine(question) + "\"");
        return answered;
    }

    /**
     * Once the run no longer waits for the answer ({@code returned} withdrawn by the run, or {@code waited} by the
     * run's end): the wait ends, so {@code agentls.answer} and the code actions find nothing to answer; the request
     * still open in the editor is cancelled, which LSP4J sends as {@code $/cancelRequest} for its id (an editor that
     * honours it closes the question; an answer it sends anyway completes a cancelled future and changes nothing);
     * and the user reads which question of which run was withdrawn and why.
     */
    private void takeBackWhenWithdrawn(String runId, CompletableFuture<?> returned, CompletableFuture<String> waited,
                                       CompletableFuture<?> request, String what) {
        QuestionWithdrawn.onWithdrawal(returned, reason -> {
            waited.completeExceptionally(new QuestionWithdrawn(reason));
            if (request != null) {
                request.cancel(true);
            }
            client.showMessage(new MessageParams(MessageType.Info, withdrawnMessage(runId, what, reason)));
        });
    }

    static String withdrawnMessage(String runId, String what, String reason) {
        return "AgentLS #" + runId + " withdrew " + what + ": " + reason + ". An answer given now changes nothing";
    }

    /** The reason execute_command gives when its safety check found nothing and the model asked for approval. */
    static final String MODEL_ASKED = ApprovalPolicy.MODEL_ASKED;

    /**
     * Forgets what the run was allowed and withdraws what it still waits for; called when it ends ({@code how}: the
     * reason the user reads, {@code "the run ended (failed)"}).
     */
    void runEnded(String runId, String how) {
        policy.runEnded(runId);
        waiting.withdraw(runId, how);
    }

    /** Shows what the run waits for on the line it started from, when it started from one. */
    private void mark(String runId, DiagnosticSeverity severity, String message) {
        anchors.find(runId).ifPresent(anchor -> diagnostics.set(anchor.uri(), owner(runId), List.of(
                new Diagnostic(new Range(new Position(anchor.line(), 0), new Position(anchor.line(), 0)), message,
                        severity, "agentls"))));
    }

    private void unmark(String runId) {
        anchors.find(runId).ifPresent(anchor -> diagnostics.set(anchor.uri(), owner(runId), List.of()));
    }

    private static String owner(String runId) {
        return "run:" + runId;
    }

    static String alwaysTitle(String command) {
        String shown = command.length() <= MAX_COMMAND_IN_TITLE ? command
                : command.substring(0, MAX_COMMAND_IN_TITLE - 3) + "...";
        return "Always allow \"" + shown + "\"";
    }

    private void tellHowToApprove(String runId, String command) {
        mark(runId, DiagnosticSeverity.Warning, "AgentLS #" + runId + " waits for your approval to run `" + command
                + "`: Approve or Deny with a code action here");
        client.showMessage(new MessageParams(MessageType.Warning, "AgentLS #" + runId + " waits for your approval to"
                + " run `" + command + "`: run the command agentls.approve or agentls.deny with {\"runId\": \""
                + runId + "\"}"));
    }

    private void tellHowToAnswer(String runId, String question, List<String> options) {
        if (options.equals(PLAN_OPTIONS)) {
            mark(runId, DiagnosticSeverity.Warning, "AgentLS #" + runId + " waits for your approval of its plan:"
                    + " Approve or Deny with a code action here");
            client.showMessage(new MessageParams(MessageType.Warning, "AgentLS #" + runId + " waits for your"
                    + " approval of its plan: " + RunWatch.firstLine(question) + " - run the command agentls.approve or"
                    + " agentls.deny with {\"runId\": \"" + runId + "\"}, or agentls.answer with the changes you want"));
            return;
        }
        mark(runId, DiagnosticSeverity.Information, "AgentLS #" + runId + " asks: " + question
                + " - answer with agentls.answer");
        client.showMessage(new MessageParams(MessageType.Info, "AgentLS #" + runId + " asks: " + question
                + (options.isEmpty() ? "" : " (options: " + String.join(", ", options) + ")")
                + " - answer with the command agentls.answer {\"runId\": \"" + runId + "\", \"answer\": ...}"));
    }
}
