package dev.agentls.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.config.ToolMode;
import dev.agentls.conversation.Conversation;
import dev.agentls.conversation.RequestHistory;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelRequest;
import dev.agentls.llm.ToolCall;
import dev.agentls.llm.ToolSpec;
import dev.agentls.tools.Parameter;
import dev.agentls.tools.Tool;
import dev.agentls.tools.ToolSet;
import java.util.ArrayList;
import dev.agentls.conversation.JsonTrees;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds each request of a run: the system prompt (fixed for the run), then the
 * history the {@link RequestHistory} gives. In XML tool mode earlier tool calls go back as the tags the model wrote
 * and their results as user turns, since a model that calls tools by text has no native tool messages. The tool specs
 * are made once per run, so the request's prefix stays byte-identical from step to step.
 */
final class RequestBuilder {


    private final ModelMessage.System system;
    private final List<ToolSpec> specs;
    private final ToolMode toolMode;
    private final RequestHistory history;

    RequestBuilder(String systemPrompt, ToolSet tools, ToolMode toolMode, RequestHistory history) {
        this(new ModelMessage.System(systemPrompt), specs(tools), toolMode, history);
    }

    private RequestBuilder(ModelMessage.System system, List<ToolSpec> specs, ToolMode toolMode,
                           RequestHistory history) {
        this.system = system;
        this.specs = specs;
        this.toolMode = toolMode;
        this.history = history;
    }

    /** The next request and the prunings made for it, leaving out the messages whose ids are in {@code exclude}. */
    Built next(Conversation conversation, Set<String> exclude) {
        List<ModelMessage> messages = new ArrayList<>();
        messages.add(system);
        RequestHistory.Next past = history.next(conversation, exclude);
        messages.addAll(toolMode == ToolMode.XML ? asText(past.messages()) : past.messages());
        return new Built(ModelRequest.of(messages, specs), past.pruned());
    }

    /** A request ready to send, and what the history gave up to fit it. */
    record Built(ModelRequest request, List<RequestHistory.Pruned> pruned) {}

    private static List<ToolSpec> specs(ToolSet tools) {
        List<ToolSpec> specs = new ArrayList<>();
        for (Tool tool : tools.tools()) {
            Set<String> alsoAccepted = new java.util.TreeSet<>();
            alsoAccepted.add(Parameter.EXPLANATION);
            tool.parameters().forEach(p -> alsoAccepted.addAll(p.aliases()));
            specs.add(new ToolSpec(tool.name(), tool.description(), JsonTrees.compact(tool.schema()), alsoAccepted));
        }
        return List.copyOf(specs);
    }

    /** Native tool messages rewritten as the text an XML-mode model reads and writes; adjacent user turns merged. */
    static List<ModelMessage> asText(List<ModelMessage> messages) {
        List<ModelMessage> out = new ArrayList<>();
        for (ModelMessage message : messages) {
            if (message instanceof ModelMessage.Assistant a) {
                List<ModelMessage.Block> blocks = new ArrayList<>();
                for (ModelMessage.Block block : a.blocks()) {
                    blocks.add(block instanceof ToolCall call ? new ModelMessage.Text(xml(call)) : block);
                }
                out.add(new ModelMessage.Assistant(blocks));
            } else if (message instanceof ModelMessage.ToolResult r) {
                addUser(out, "[" + r.toolName() + (r.error() ? "] failed:\n" : "] result:\n") + r.content());
            } else if (message instanceof ModelMessage.User u) {
                addUser(out, u.text());
            } else {
                out.add(message);
            }
        }
        return out;
    }

    private static void addUser(List<ModelMessage> out, String text) {
        if (!out.isEmpty() && out.get(out.size() - 1) instanceof ModelMessage.User previous) {
            out.set(out.size() - 1, new ModelMessage.User(previous.text() + "\n\n" + text));
        } else {
            out.add(new ModelMessage.User(text));
        }
    }

    /** A call as the tags the model wrote: {@code <name><param>value</param></name>}; arrays as JSON text. */
    static String xml(ToolCall call) {
        StringBuilder text = new StringBuilder("<").append(call.name()).append(">\n");
        try {
            JsonNode arguments = JsonTrees.read(call.argumentsJson());
            for (Iterator<Map.Entry<String, JsonNode>> it = arguments.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                String value = field.getValue().isTextual() ? field.getValue().asText() : JsonTrees.compact(field.getValue());
                text.append('<').append(field.getKey()).append('>').append(value)
                        .append("</").append(field.getKey()).append(">\n");
            }
        } catch (java.io.IOException | RuntimeException e) {
            text.append(call.argumentsJson()).append('\n');
        }
        return text.append("</").append(call.name()).append('>').toString();
    }
}
