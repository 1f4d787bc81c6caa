package dev.agentls.acp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.CallArguments;
import dev.agentls.tools.AttemptCompletionTool;
import dev.agentls.tools.ReadFileTool;
import dev.agentls.tools.ToolKind;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns one session's run events into ACP {@code session/update} payloads: text and thinking as chunks, each tool
 * call as a {@code tool_call} (unique id, title, kind, raw input, absolute locations) and one final
 * {@code tool_call_update} carrying its diffs and output, the plan with every step's status, usage after each model
 * call. Keeps the state those need (the plan, the call in progress, its diffs); one instance per session, fed in order.
 */
final class AcpUpdates {

    private final ObjectMapper json = new ObjectMapper();
    private final Path root;
    private final long contextWindow;
    private final List<ObjectNode> plan = new ArrayList<>();
    private final List<ObjectNode> diffs = new ArrayList<>();
    private String currentCall = "";
    private boolean completedByTool;
    private long runInput;
    private long runOutput;
    private BigDecimal runCost = BigDecimal.ZERO;
    private BigDecimal sessionCost = BigDecimal.ZERO;
    /** False once a call had no price: a cost without it would be too low. */
    private boolean priced = true;

    AcpUpdates(Path root, long contextWindow) {
        this.root = root;
        this.contextWindow = contextWindow;
    }

    /** The updates an event shows, in order; none for events the panel has no place for. */
    synchronized List<ObjectNode> of(AgentEvent event) {
        List<ObjectNode> out = new ArrayList<>();
        if (event instanceof AgentEvent.RunStarted) {
            completedByTool = false;
            sessionCost = sessionCost.add(runCost);
            runCost = BigDecimal.ZERO;
            runInput = 0;
            runOutput = 0;
        } else if (event instanceof AgentEvent.Text text) {
            out.add(chunk("agent_message_chunk", text.text()));
        } else if (event instanceof AgentEvent.Thinking thinking) {
            out.add(chunk("agent_thought_chunk", thinking.text()));
        } else if (event instanceof AgentEvent.ToolCall call) {
            out.add(toolCall(call));
        } else if (event instanceof AgentEvent.ToolResult result) {
            out.add(toolResult(result));
        } else if (event instanceof AgentEvent.PlanCreated created) {
            plan.clear();
            created.steps().forEach(step -> plan.add(entry(step, "pending")));
            out.add(planUpdate());
        } else if (event instanceof AgentEvent.StepStarted step && step.step() - 1 < plan.size()) {
            for (int i = 0; i < step.step() - 1; i++) {
                plan.get(i).put("status", "completed");
            }
            plan.get(step.step() - 1).put("status", "in_progress");
            out.add(planUpdate());
        } else if (event instanceof AgentEvent.StepCompleted step && step.step() - 1 < plan.size()) {
            plan.get(step.step() - 1).put("status", "completed");
            out.add(planUpdate());
        } else if (event instanceof AgentEvent.TokenUsage usage) {
            out.add(usage(usage));
        } else if (event instanceof AgentEvent.Error error) {
            out.add(chunk("agent_message_chunk", "\n\nError: " + error.message()));
        } else if (event instanceof AgentEvent.Warning warning) {
            out.add(chunk("agent_message_chunk", "\n\nWarning: " + warning.message()));
        } else if (event instanceof AgentEvent.Completion completion && completedByTool) {
            // attempt_completion's summary was never streamed as text; a plain answer's was.
            out.add(chunk("agent_message_chunk", completion.result()));
        }
        return out;
    }

    /**
     * The context's fill after a model call (what it was sent and wrote: the run's totals grow by that call's) of the
     * context window, and the session's cost in USD (the price table's currency) while every call was priced.
     */
    private ObjectNode usage(AgentEvent.TokenUsage usage) {
        ObjectNode update = update("usage_update");
        update.put("used", Math.max(0, usage.inputTokens() - runInput) + Math.max(0, usage.outputTokens() - runOutput));
        runInput = usage.inputTokens();
        runOutput = usage.outputTokens();
        update.put("size", contextWindow);
        if (usage.cost().isPresent() && priced) {
            runCost = usage.cost().get();
            update.putObject("cost").put("amount", sessionCost.add(runCost).doubleValue()).put("currency", "USD");
        } else {
            priced = false;
        }
        return update;
    }

    /** A change applied for the call in progress: shown as that call's diff ({@code oldText} null: created). */
    synchronized void changed(Path path, String oldText, String newText) {
        ObjectNode diff = json.createObjectNode().put("type", "diff").put("path", path.toString());
        diff.put("oldText", oldText);
        diff.put("newText", newText);
        diffs.add(diff);
    }

    /** The protocol id of the call in progress, empty before the first. */
    synchronized String currentCall() {
        return currentCall;
    }

    static ObjectNode chunk(String kind, String text) {
        ObjectNode update = update(kind);
        update.putObject("content").put("type", "text").put("text", text);
        return update;
    }

    static ObjectNode update(String kind) {
        return AcpConnection.NODES.objectNode().put("sessionUpdate", kind);
    }

    private ObjectNode toolCall(AgentEvent.ToolCall call) {
        currentCall = call.runId() + "-" + call.callId();
        diffs.clear();
        if (call.name().equals(AttemptCompletionTool.NAME)) {
            completedByTool = true;
        }
        CallArguments arguments = call.arguments();
        ObjectNode update = update("tool_call").put("toolCallId", currentCall)
                .put("title", title(call)).put("kind", kind(arguments.kind()))
                .put("status", "in_progress");
        update.set("rawInput", arguments.copy()
                .orElseGet(() -> json.createObjectNode().put("arguments", arguments.text())));
        ArrayNode locations = update.putArray("locations");
        path(arguments).ifPresent(path -> {
            ObjectNode location = locations.addObject().put("path", path.toString());
            arguments.integer(ReadFileTool.START_LINE).ifPresent(line -> location.put("line", line));
        });
        return update;
    }

    private ObjectNode toolResult(AgentEvent.ToolResult result) {
        String id = result.runId() + "-" + result.callId();
        ObjectNode update = update("tool_call_update").put("toolCallId", id)
                .put("status", result.ok() ? "completed" : "failed");
        ArrayNode content = update.putArray("content");
        if (id.equals(currentCall)) {
            diffs.forEach(content::add);
            diffs.clear();
        }
        content.addObject().put("type", "content").putObject("content").put("type", "text").put("text", result.text());
        return update;
    }

    /** The protocol's word for a kind of tool. */
    private static String kind(ToolKind kind) {
        return switch (kind) {
            case READ -> "read";
            case EDIT -> "edit";
            case DELETE -> "delete";
            case SEARCH -> "search";
            case RUN -> "execute";
            case THINK -> "think";
            case OTHER -> "other";
        };
    }

    private String title(AgentEvent.ToolCall call) {
        if (!call.explanation().isBlank()) {
            return call.explanation();
        }
        CallArguments arguments = call.arguments();
        if (arguments.kind() == ToolKind.RUN && arguments.subject().isPresent()) {
            return "Run " + arguments.subject().get();
        }
        return path(arguments).map(p -> call.name() + " " + root.relativize(p)).orElse(call.name());
    }

    /** The absolute path a call names (under its tool's path parameter or an alias), when inside the root. */
    Optional<Path> path(CallArguments arguments) {
        Optional<String> path = arguments.file().filter(p -> !p.isBlank());
        if (path.isEmpty()) {
            return Optional.empty();
        }
        try {
            Path absolute = root.resolve(path.get()).normalize();
            return absolute.startsWith(root) ? Optional.of(absolute) : Optional.empty();
        } catch (java.nio.file.InvalidPathException e) {
            return Optional.empty();
        }
    }

    private ObjectNode planUpdate() {
        ObjectNode update = update("plan");
        ArrayNode entries = update.putArray("entries");
        plan.forEach(entry -> entries.add(entry.deepCopy()));
        return update;
    }

    private ObjectNode entry(String content, String status) {
        return json.createObjectNode().put("content", content).put("priority", "medium").put("status", status);
    }
}
