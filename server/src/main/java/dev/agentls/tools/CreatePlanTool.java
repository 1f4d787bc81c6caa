package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code create_plan}: the definition of the plan-mode switch. It validates the goal and steps and returns them as
 * structured data ({@code control: "create_plan"}); the agent loop interprets that result (shows the steps, runs them
 * with progress). It changes nothing itself.
 */
public final class CreatePlanTool implements Tool {

    static final int MAX_STEPS = 30;

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public String name() {
        return "create_plan";
    }

    @Override
    public String description() {
        return """
                Switches the run to plan mode for a task with several distinct parts: states the goal and the \
                ordered steps (at most %d), each one sentence a person could check. The steps are shown to the user \
                and then carried out one by one with progress. Use it before starting a large change; do not use it \
                for a one-step task.
                Example:
                <create_plan>
                <goal>Make the greeting configurable</goal>
                <steps>["Add a greeting setting to Config", "Read it in App", "Test both greetings"]</steps>
                </create_plan>""".formatted(MAX_STEPS);
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.required("goal", Parameter.Type.STRING, "What the whole plan achieves, in one sentence."),
                Parameter.required("steps", Parameter.Type.STRING_ARRAY, "The ordered steps, one sentence each.")
                        .maxLength(MAX_STEPS));
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        List<String> steps = arguments.strings("steps");
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).isBlank()) {
                return CompletableFuture.completedFuture(ToolResult.failure(name() + ": step " + (i + 1)
                        + " is empty; every step needs a sentence"));
            }
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("control", name());
        data.put("goal", arguments.string("goal"));
        ArrayNode array = data.putArray("steps");
        steps.forEach(array::add);
        StringBuilder text = new StringBuilder("Plan: " + arguments.string("goal"));
        for (int i = 0; i < steps.size(); i++) {
            text.append('\n').append(i + 1).append(". ").append(steps.get(i).strip());
        }
        return CompletableFuture.completedFuture(ToolResult.success(text.toString(), data));
    }
}
