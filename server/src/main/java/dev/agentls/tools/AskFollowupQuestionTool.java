package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code ask_followup_question}: asks the user through the host (the editor's prompt, or the terminal) and returns the
 * answer. A dismissed question is a failure saying so, so the model decides what to do without the answer.
 */
public final class AskFollowupQuestionTool implements Tool {

    /** The name a model calls it by. */
    public static final String NAME = "ask_followup_question";

    static final int MAX_OPTIONS = 5;

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
        return ToolKind.OTHER;
    }

    @Override
    public String description() {
        return Descriptions.fill("""
                Asks the user a question when you cannot go on without their answer: a requirement that is \
                ambiguous, a choice only they can make. Do not ask what the tools can find out. Offer 2 to %d short \
                options when the answer is a choice; the user may still answer in their own words.""", MAX_OPTIONS);
    }

    @Override
    public String xmlExample() {
        return """
                <ask_followup_question>
                <question>Should the greeting be configurable per user or global?</question>
                <options>["Per user", "Global"]</options>
                </ask_followup_question>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.required("question", Parameter.Type.STRING, "The question, clear and specific."),
                Parameter.optional("options", Parameter.Type.STRING_ARRAY,
                        "Up to " + MAX_OPTIONS + " short answers the user can pick from.").maxLength(MAX_OPTIONS));
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        String question = arguments.string("question");
        List<String> options = arguments.strings("options");
        return context.host().ask(question, options).thenApply(answer -> {
            if (answer.isEmpty()) {
                return ToolResult.failure(name() + ": the user dismissed the question without answering");
            }
            ObjectNode data = JsonNodeFactory.instance.objectNode();
            data.put("question", question);
            data.put("answer", answer.get());
            return ToolResult.success("The user answered: " + answer.get(), data);
        });
    }
}
