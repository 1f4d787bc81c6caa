package dev.agentls.tools;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Seed 000's edit sub-agent, as {@code edit_file} sees it: when the deterministic merge refuses an edit, a model is
 * shown the file with line numbers, the instructions and the code edit, and answers where the edit goes as a JSON
 * list {@code [{"start_line", "end_line", "replacement"}]}. The tool validates and applies that answer itself; this
 * only fetches it. Provided by the agent loop through {@link ToolContext}; without one, a refused merge stays refused.
 */
public interface EditSubAgent {

    /** No model to ask: {@code edit_file} reports the merge's refusal. */
    EditSubAgent NONE = request -> CompletableFuture.completedFuture(Optional.empty());

    /** What the sub-agent is asked; {@code previousError} says why its earlier answer was refused, on the retry. */
    record Request(String file, String numberedText, int lineCount, String instructions, String codeEdit,
                   Optional<String> previousError) {}

    /** The model's answer text, or empty when no model can be asked (none configured, the run cancelled). */
    CompletableFuture<Optional<String>> placeEdit(Request request);
}
