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

    /** The name a model calls it by. */
    public static final String NAME = "create_plan";

    static final int MAX_STEPS = 30;

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
        return Descriptions.fill("""
                Switches the run to plan mode for a task with several distinct parts: states the goal and the \
                ordered steps (at most %d), each a short title and a description of work a person could check. The \
                steps are shown to the user and then carried out one by one with progress; mark each one done with \
                complete_step. Use it before starting a large change; do not use it for a one-step task.""", MAX_STEPS);
    }

    @Override
    public String xmlExample() {
        return """
                <create_plan>
                <goal>Make the greeting configurable</goal>
                <steps>[{"title": "Add a setting", "description": "Add greeting to Config, default Hello"}, \
                {"title": "Read it in App", "description": "App greets with Config.greeting"}, \
                {"title": "Test both greetings", "description": "Run mvn -q test"}]</steps>
                </create_plan>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.required("goal", Parameter.Type.STRING, "What the whole plan achieves, in one sentence."),
                Parameter.required("steps", Parameter.Type.TITLED_ARRAY,
                        "The ordered steps: each a short title and a description of its work.")
                        .maxLength(MAX_STEPS));
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        List<Titled> steps = arguments.titled("steps");
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).title().isBlank()) {
                return CompletableFuture.completedFuture(ToolResult.failure(name() + ": step " + (i + 1)
                        + " is empty; every step needs a sentence"));
            }
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("control", name());
        data.put("goal", arguments.string("goal"));
        ArrayNode array = data.putArray("steps");
        StringBuilder text = new StringBuilder("Plan: " + arguments.string("goal"));
        for (int i = 0; i < steps.size(); i++) {
            Titled step = steps.get(i);
            array.addObject().put("title", step.title().strip()).put("description", step.description().strip());
            text.append('\n').append(i + 1).append(". ").append(step.title().strip());
            if (!step.description().isBlank()) {
                text.append(": ").append(step.description().strip());
            }
        }
        return CompletableFuture.completedFuture(ToolResult.success(text.toString(), data));
    }
}
