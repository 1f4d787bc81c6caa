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

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public String name() {
        return "attempt_completion";
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
        return List.of(Parameter.required("result", Parameter.Type.STRING, "The summary of the finished work.")
                .maxLength(64_000));
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("control", name());
        data.put("result", arguments.string("result"));
        return CompletableFuture.completedFuture(ToolResult.success(arguments.string("result"), data));
    }
}
