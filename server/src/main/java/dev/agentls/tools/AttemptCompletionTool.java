package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code attempt_completion}: the definition of the run's end. It returns the summary as structured data
 * ({@code control: "attempt_completion"}); the agent loop ends the run with it. It changes nothing itself.
 */
public final class AttemptCompletionTool implements Tool {

    /** The name a model calls it by. */
    public static final String NAME = "attempt_completion";
    /** The parameter holding the summary of the work. */
    public static final String RESULT = "result";

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ToolKind kind() {
        return ToolKind.THINK;
    }

    @Override
    public String description() {
        return """
                Ends the task once it is done and verified (tests run, results checked): summarises what was \
                changed and anything the user should know. State facts, not questions or offers of more help. Do \
                not call it while another tool's result is still unknown.""";
    }

    @Override
    public String xmlExample() {
        return """
                <attempt_completion>
                <result>The greeting is now read from Config.greeting; App and its test were updated and mvn test \
                passes.</result>
                </attempt_completion>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(Parameter.required(RESULT, Parameter.Type.STRING, "The summary of the finished work.")
                .maxLength(64_000));
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("control", name());
        data.put(RESULT, arguments.string(RESULT));
        return CompletableFuture.completedFuture(ToolResult.success(arguments.string(RESULT), data));
    }
}
