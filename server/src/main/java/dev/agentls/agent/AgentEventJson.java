package dev.agentls.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.conversation.JsonTrees;

/**
 * The one place an {@link AgentEvent} becomes JSON, so the editor ({@code agentls/event}), the terminal
 * ({@code --json}, one object per line) and tests read the same form: {@code {"runId", "seq", "type", ...fields}},
 * field names in camelCase, the type in snake_case, absent values left out (never {@code null}). The README lists
 * each type's fields.
 */
public final class AgentEventJson {

    /** How much of a tool result an event carries; the model itself reads the whole result. */
    public static final int MAX_RESULT_CHARS = 4_000;

    private AgentEventJson() {}

    /** The event's {@code type}: {@code run_started}, {@code tool_call}... */
    public static String type(AgentEvent event) {
        if (event instanceof AgentEvent.RunStarted) {
            return "run_started";
        } else if (event instanceof AgentEvent.Text) {
            return "text";
        } else if (event instanceof AgentEvent.Thinking) {
            return "thinking";
        } else if (event instanceof AgentEvent.ToolCall) {
            return "tool_call";
        } else if (event instanceof AgentEvent.ToolResult) {
            return "tool_result";
        } else if (event instanceof AgentEvent.EditApplied) {
            return "edit_applied";
        } else if (event instanceof AgentEvent.PlanCreated) {
            return "plan_created";
        } else if (event instanceof AgentEvent.StepStarted) {
            return "step_started";
        } else if (event instanceof AgentEvent.StepCompleted) {
            return "step_completed";
        } else if (event instanceof AgentEvent.ApprovalRequested) {
            return "approval_requested";
        } else if (event instanceof AgentEvent.QuestionAsked) {
            return "question_asked";
        } else if (event instanceof AgentEvent.TokenUsage) {
            return "token_usage";
        } else if (event instanceof AgentEvent.ContextPruned) {
            return "context_pruned";
        } else if (event instanceof AgentEvent.Retry) {
            return "retry";
        } else if (event instanceof AgentEvent.LoopDetected) {
            return "loop_detected";
        } else if (event instanceof AgentEvent.ModelMistake) {
            return "model_mistake";
        } else if (event instanceof AgentEvent.TextToolCall) {
            return "tool_call_from_text";
        } else if (event instanceof AgentEvent.Warning) {
            return "warning";
        } else if (event instanceof AgentEvent.Error) {
            return "error";
        } else if (event instanceof AgentEvent.Completion) {
            return "completion";
        } else if (event instanceof AgentEvent.RunFinished) {
            return "run_finished";
        }
        throw new IllegalArgumentException("unknown event " + event.getClass().getName());
    }

    /** The event as a JSON object. */
    public static ObjectNode toJson(AgentEvent event) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("runId", event.runId());
        node.put("seq", event.seq());
        node.put("type", type(event));
        if (event instanceof AgentEvent.RunStarted e) {
            node.put("mode", e.mode().id());
            node.put("conversationId", e.conversationId());
        } else if (event instanceof AgentEvent.Text e) {
            node.put("text", e.text());
        } else if (event instanceof AgentEvent.Thinking e) {
            node.put("text", e.text());
        } else if (event instanceof AgentEvent.ToolCall e) {
            node.put("callId", e.callId());
            node.put("name", e.name());
            node.put("arguments", e.arguments().text());
            node.put("explanation", e.explanation());
        } else if (event instanceof AgentEvent.ToolResult e) {
            node.put("callId", e.callId());
            node.put("name", e.name());
            node.put("ok", e.ok());
            node.put("text", e.text());
            node.put("truncated", e.truncated());
        } else if (event instanceof AgentEvent.EditApplied e) {
            node.put("callId", e.callId());
            node.put("file", e.file());
            node.put("added", e.added());
            node.put("removed", e.removed());
            node.put("checkpointId", e.checkpointId());
        } else if (event instanceof AgentEvent.PlanCreated e) {
            node.put("goal", e.goal());
            ArrayNode steps = node.putArray("steps");
            e.steps().forEach(steps::add);
        } else if (event instanceof AgentEvent.StepStarted e) {
            step(node, e.step(), e.total(), e.title());
        } else if (event instanceof AgentEvent.StepCompleted e) {
            step(node, e.step(), e.total(), e.title());
        } else if (event instanceof AgentEvent.ApprovalRequested e) {
            node.put("title", e.title());
            node.put("detail", e.detail());
        } else if (event instanceof AgentEvent.QuestionAsked e) {
            node.put("question", e.question());
            ArrayNode options = node.putArray("options");
            e.options().forEach(options::add);
        } else if (event instanceof AgentEvent.TokenUsage e) {
            node.put("inputTokens", e.inputTokens());
            node.put("outputTokens", e.outputTokens());
            node.put("cachedTokens", e.cachedTokens());
            e.cost().ifPresent(cost -> node.put("cost", cost.toPlainString()));
            e.budgetUsed().ifPresent(used -> node.put("budgetUsed", used));
        } else if (event instanceof AgentEvent.ContextPruned e) {
            node.put("dropped", e.dropped());
            node.put("tokensSaved", e.tokensSaved());
        } else if (event instanceof AgentEvent.Retry e) {
            node.put("attempt", e.attempt());
            node.put("delayMillis", e.delayMillis());
            node.put("reason", e.reason());
        } else if (event instanceof AgentEvent.LoopDetected e) {
            node.put("what", e.what());
            node.put("repeats", e.repeats());
            node.put("stopping", e.stopping());
        } else if (event instanceof AgentEvent.ModelMistake e) {
            node.put("kind", e.kind());
            node.put("problem", e.problem());
            node.put("consecutive", e.consecutive());
            node.put("limit", e.limit());
        } else if (event instanceof AgentEvent.TextToolCall e) {
            node.put("callId", e.callId());
            node.put("name", e.name());
            node.put("form", e.form());
        } else if (event instanceof AgentEvent.Warning e) {
            node.put("message", e.message());
        } else if (event instanceof AgentEvent.Error e) {
            node.put("message", e.message());
        } else if (event instanceof AgentEvent.Completion e) {
            node.put("result", e.result());
        } else if (event instanceof AgentEvent.RunFinished e) {
            node.put("status", e.status().id());
            node.put("text", e.text());
        }
        return node;
    }

    /** The event as one line of JSON (no line break inside), as {@code agentls run --json} prints it. */
    public static String line(AgentEvent event) {
        return JsonTrees.compact(toJson(event));
    }

    private static void step(ObjectNode node, int step, int total, String title) {
        node.put("step", step);
        node.put("total", total);
        node.put("title", title);
        node.put("progress", "step " + step + " of " + total);
    }
}
