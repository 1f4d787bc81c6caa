package dev.agentls.agent;

import dev.agentls.llm.ModelCall;
import dev.agentls.llm.ModelClient;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelOutcome;
import dev.agentls.llm.ModelRequest;
import dev.agentls.llm.AnswerCollector;
import dev.agentls.llm.TokenUsage;
import dev.agentls.tools.Cancellation;
import dev.agentls.tools.EditSubAgent;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.math.BigDecimal;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The edit sub-agent of a run (seed 000): one model call, no tools, on the run's model. It is shown the file with line
 * numbers, the instructions and the code edit (and, on the retry, why its last answer was refused) and answers the
 * JSON list {@code edit_file} validates. Its text is never streamed to the user; its tokens count towards the run's
 * budget, and cancelling the run closes its call.
 */
final class ModelEditSubAgent implements EditSubAgent {

    static final String SYSTEM = """
            You place a code edit into a file. You get the file with numbered lines, what the edit should do, and \
            the edit itself, written with "... existing code ..." comments for unchanged stretches. Answer with a \
            JSON list and nothing else:
            [{"start_line": 12, "end_line": 14, "replacement": "new text of lines 12 to 14\\n"}]
            Lines count from 1 and ranges include both ends. Replace exactly the lines the edit changes, with the \
            file's own indentation; never copy the line numbers or the "... existing code ..." markers into a \
            replacement. To insert lines before line N without replacing any, use start_line N and end_line N-1. \
            Ranges must lie inside the file and must not overlap.""";

    private final ModelClient model;
    private final Cancellation cancellation;
    private final Consumer<ModelCall> register;
    private final BiConsumer<TokenUsage, Optional<BigDecimal>> usage;

    ModelEditSubAgent(ModelClient model, Cancellation cancellation, Consumer<ModelCall> register,
                      BiConsumer<TokenUsage, Optional<BigDecimal>> usage) {
        this.model = model;
        this.cancellation = cancellation;
        this.register = register;
        this.usage = usage;
    }

    @Override
    public CompletableFuture<Optional<String>> placeEdit(Request request) {
        if (cancellation.isCancelled()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        StringBuilder user = new StringBuilder("File ").append(request.file()).append(" (")
                .append(request.lineCount()).append(" lines):\n").append(request.numberedText())
                .append("\nInstructions: ").append(request.instructions())
                .append("\n\nThe edit:\n").append(request.codeEdit());
        request.previousError().ifPresent(error -> user.append("\n\nYour previous answer was refused: ")
                .append(error).append("\nAnswer again with a corrected JSON list."));
        ModelRequest call = ModelRequest.of(List.of(new ModelMessage.System(SYSTEM),
                new ModelMessage.User(user.toString())), List.of());
        AnswerCollector collector = new AnswerCollector(event -> { });
        ModelCall running = model.stream(call, collector);
        register.accept(running);
        return running.outcome().thenApply(outcome -> {
            if (outcome instanceof ModelOutcome.Completed completed) {
                completed.usage().ifPresent(used -> usage.accept(used, completed.cost()));
                return Optional.of(collector.message().text());
            }
            return Optional.empty();
        });
    }
}
