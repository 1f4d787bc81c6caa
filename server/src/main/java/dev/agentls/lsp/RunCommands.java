package dev.agentls.lsp;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The small commands on the session's runs, one function each: cancel, steer, the answers to what a run waits for
 * (approve, deny, answer), and the listings (conversations, MCP servers). Each guards its arguments, delegates, and
 * answers at once or off the reader thread.
 */
final class RunCommands {

    /** {@code agentls.cancel} {runId}: stops the run; {@code {runId, cancelled: true}}. */
    static final String CANCEL = "agentls.cancel";
    /** {@code agentls.steer} {runId, message}: the model reads it at its next tool boundary; {@code {runId, taken}}. */
    static final String STEER = "agentls.steer";
    /** {@code agentls.approve} {runId, scope?}: scope {@code once} (the default), {@code run} or {@code always}. */
    static final String APPROVE = "agentls.approve";
    /** {@code agentls.deny} {runId}: the model is told the user declined. */
    static final String DENY = "agentls.deny";
    /** {@code agentls.answer} {runId, answer}: answers the question the run waits on. */
    static final String ANSWER = "agentls.answer";
    /** {@code agentls.conversations} {}: {@code {conversations: [ids]}}. */
    static final String CONVERSATIONS = "agentls.conversations";
    /**
     * {@code agentls.mcp} {}: the session's MCP servers, {@code {servers: [{name, origin, source, transport, target,
     * state, reason?, tools: [{name, exposedAs, description}]}], problems: [...]}}. Starts nothing, asks nothing.
     */
    static final String MCP = "agentls.mcp";

    private static final List<String> SCOPES = List.of(EditorAsking.ONCE, EditorAsking.RUN, EditorAsking.ALWAYS);

    private RunCommands() {}

    static CommandHandler cancel(EditorRuns runs) {
        return arguments -> {
            String runId = arguments.requireString("runId");
            runs.find(runId).orElseThrow(() -> notRunning(CANCEL, runId, runs)).cancel();
            JsonObject answer = new JsonObject();
            answer.addProperty("runId", runId);
            answer.addProperty("cancelled", true);
            return CompletableFuture.completedFuture(answer);
        };
    }

    static CommandHandler steer(EditorRuns runs) {
        return arguments -> {
            String runId = arguments.requireString("runId");
            String message = arguments.requireString("message");
            if (message.isBlank()) {
                throw CommandFailure.invalidParams(STEER + ": argument 'message' is blank");
            }
            boolean taken = runs.find(runId).orElseThrow(() -> notRunning(STEER, runId, runs)).steer(message);
            JsonObject answer = new JsonObject();
            answer.addProperty("runId", runId);
            answer.addProperty("taken", taken);
            return CompletableFuture.completedFuture(answer);
        };
    }

    static CommandHandler approve(WaitingRuns waiting) {
        return arguments -> {
            String runId = arguments.requireString("runId");
            String scope = arguments.optionalString("scope").orElse(EditorAsking.ONCE);
            if (!SCOPES.contains(scope)) {
                throw CommandFailure.invalidParams(APPROVE + ": argument 'scope' must be one of " + SCOPES + ", got '"
                        + Echo.bounded(scope) + "'");
            }
            return answer(APPROVE, waiting, runId, WaitingRuns.Kind.APPROVAL, scope);
        };
    }

    static CommandHandler deny(WaitingRuns waiting) {
        return arguments -> answer(DENY, waiting, arguments.requireString("runId"), WaitingRuns.Kind.APPROVAL,
                EditorAsking.DENIED);
    }

    static CommandHandler answer(WaitingRuns waiting) {
        return arguments -> {
            String runId = arguments.requireString("runId");
            String answer = arguments.requireString("answer");
            return answer(ANSWER, waiting, runId, WaitingRuns.Kind.QUESTION, answer);
        };
    }

    static CommandHandler conversations(EditorRuns runs) {
        // The first listing of a session may build its conversation store: off the reader thread.
        return arguments -> runs.offTheReader(runs::conversationIds).thenApply(found -> {
            JsonArray ids = new JsonArray();
            found.forEach(ids::add);
            JsonObject answer = new JsonObject();
            answer.add("conversations", ids);
            return answer;
        });
    }

    static CommandHandler mcp(EditorRuns runs) {
        // Reading the configuration files is quick, but it is file I/O: off the reader thread.
        return arguments -> runs.offTheReader(() -> JsonParser.parseString(runs.mcpServers()));
    }

    /** A run that is not under way (unknown, or already ended) is InvalidParams naming the runs that are. */
    static org.eclipse.lsp4j.jsonrpc.ResponseErrorException notRunning(String command, String runId, EditorRuns runs) {
        return CommandFailure.invalidParams(command + ": no run '" + Echo.bounded(runId) + "' is under way; runs under"
                + " way: " + runs.runningIds());
    }

    /**
     * Gives the run its answer; a run that waits for nothing, or for the other kind of answer, is InvalidParams
     * saying what it waits for.
     */
    private static CompletableFuture<Object> answer(String command, WaitingRuns waiting, String runId,
                                                    WaitingRuns.Kind kind, String answer) {
        WaitingRuns.Waiting current = waiting.find(runId).orElseThrow(() -> CommandFailure.invalidParams(command
                + ": run '" + Echo.bounded(runId) + "' is not waiting for an answer"));
        String given = answer;
        if (current.kind() == WaitingRuns.Kind.PLAN && kind == WaitingRuns.Kind.APPROVAL) {
            // A plan waits for its approval: approve and deny answer it as its buttons would.
            given = command.equals(DENY) ? EditorAsking.PLAN_REJECT : EditorAsking.PLAN_APPROVE;
        } else if (current.kind() != kind && current.kind() != WaitingRuns.Kind.PLAN) {
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
