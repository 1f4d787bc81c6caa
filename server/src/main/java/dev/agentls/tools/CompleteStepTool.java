package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code complete_step}: the definition of marking a plan step done. It validates the step number and summary and
 * returns them as structured data ({@code control: "complete_step"}); the agent loop checks them against its plan,
 * reports the step done and starts the next one. It changes nothing itself.
 */
public final class CompleteStepTool implements Tool {

    /** The name a model calls it by. */
    public static final String NAME = "complete_step";

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
                Marks a step of the plan made with create_plan as done, once its work is finished and checked, and \
                moves to the next step. Give the step's number (1 for the first) and one sentence on what was done.""";
    }

    @Override
    public String xmlExample() {
        return """
                <complete_step>
                <step>2</step>
                <summary>App now reads the greeting from Config.</summary>
                </complete_step>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.required("step", Parameter.Type.POSITIVE_INTEGER, "The number of the finished step, from 1."),
                Parameter.optional("summary", Parameter.Type.STRING, "One sentence on what the step did.")
                        .emptyAllowed());
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("control", name());
        data.put("step", arguments.optionalInt("step").orElseThrow());
        data.put("summary", arguments.optionalString("summary").orElse(""));
        return CompletableFuture.completedFuture(ToolResult.success("Step " + data.get("step").asInt() + " done.",
                data));
    }
}
