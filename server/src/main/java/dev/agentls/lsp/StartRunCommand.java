package dev.agentls.lsp;

import com.google.gson.JsonObject;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * {@code agentls.run} {prompt, conversationId?, mode?, uri?, range?, instructionLine?}: starts a run and answers at
 * once with {@code {runId, conversationId}}; the run goes on, seen through events, progress and messages. With
 * {@code instructionLine} (the code actions of an {@code @agent} line send it) the line becomes
 * {@code @agent-done #<run> <summary>} when the run ends.
 */
final class StartRunCommand implements CommandHandler {

    static final String ID = "agentls.run";

    private final RunRequests requests;
    private final EditorRuns runs;
    private final InstructionDone done;

    StartRunCommand(RunRequests requests, EditorRuns runs, InstructionDone done) {
        this.requests = requests;
        this.runs = runs;
        this.done = done;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String prompt = arguments.requireString("prompt");
        RunRequest request = requests.of(arguments, prompt);
        JsonObject raw = arguments.raw();
        if (!raw.has("instructionLine")) {
            return start(runs, request, ID, outcome -> { });
        }
        // Started from an @agent line (its code action): the line is marked done when the run ends.
        int line = RunRequests.number(ID, raw, "arguments", "instructionLine");
        String uri = arguments.optionalString("uri").orElseThrow(() -> CommandFailure.invalidParams(ID
                + ": argument 'instructionLine' needs 'uri', the document it is in"));
        return start(runs, request, ID, outcome -> done.mark(uri, line, prompt, outcome));
    }

    /** Starts the request (as the next method does). */
    static CompletableFuture<Object> start(EditorRuns runs, RunRequest request, String command) {
        return start(runs, request, command, outcome -> { });
    }

    /**
     * Starts the request off the reader thread (see {@link EditorRuns#startInOrder}); {@code ended} hears how the run
     * ended. An unknown conversation is InvalidParams, a session without agent RequestFailed.
     */
    static CompletableFuture<Object> start(EditorRuns runs, RunRequest request, String command,
                                           Consumer<RunOutcome> ended) {
        return runs.startInOrder(request, ended).<Object>handle((started, error) -> {
            Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause()
                    : error;
            if (cause instanceof IllegalArgumentException) {
                throw CommandFailure.invalidParams(command + ": " + cause.getMessage());
            }
            if (cause instanceof IllegalStateException) {
                throw CommandFailure.requestFailed(command + ": " + cause.getMessage());
            }
            if (cause != null) {
                throw cause instanceof RuntimeException runtime ? runtime : new CompletionException(cause);
            }
            JsonObject answer = new JsonObject();
            answer.addProperty("runId", started.runId());
            answer.addProperty("conversationId", started.conversationId());
            return answer;
        });
    }
}
