package dev.agentls.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.conversation.Conversation;
import dev.agentls.conversation.ConversationMessage;
import dev.agentls.conversation.HistoryEntry;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ToolCall;
import dev.agentls.tools.AskFollowupQuestionTool;
import dev.agentls.tools.AttemptCompletionTool;
import dev.agentls.tools.CompleteStepTool;
import dev.agentls.tools.CreatePlanTool;
import dev.agentls.tools.Parameter;
import dev.agentls.tools.Tool;
import dev.agentls.tools.ToolContext;
import dev.agentls.tools.ToolResult;
import dev.agentls.tools.ToolSet;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Runs the tool calls of one answer and feeds their results back: consecutive read-only calls start together,
 * every other call runs alone, in the model's order; each result is appended to the conversation in call order
 * (every call gets one, so the history stays valid to resume), recorded in its history, and reported as
 * {@code tool_call} / {@code tool_result} / {@code edit_applied} events. The control tools act on the run: a plan
 * ({@code create_plan}, {@code complete_step}) and the end ({@code attempt_completion}).
 */
final class ToolStep {

    /** Read-only tools that still run alone: they wait for the user or act on the run. */
    private static final Set<String> ALONE = Set.of(AskFollowupQuestionTool.NAME, CreatePlanTool.NAME,
            CompleteStepTool.NAME, AttemptCompletionTool.NAME);

    /** Calls one answer may make; the rest are answered "not run", so a runaway answer cannot flood the workspace. */
    static final int MAX_CALLS_PER_ANSWER = 50;

    /**
     * One call's outcome, as loop detection needs it; {@code mistake} is the kind of mistake the call was refused
     * for before it ran ({@link CallCheck}, a completion too early), empty when it ran or was refused for another
     * reason.
     */
    record Done(ToolCall call, CallArguments arguments, boolean ok, String text, String resultMessageId,
                Optional<String> mistake) {}

    /** What the answer's calls did to the run. */
    record Outcome(List<Done> done, Optional<String> completion, Optional<String> planRejected) {}

    private final ToolSet tools;
    private final ToolContext context;
    private final RunHost host;
    private final EventStream events;
    private final PlanTracker plan;
    private final ModeState mode;
    private final Conversation conversation;
    private final List<Path> roots;
    private final Clock clock;
    private final CallCheck check;

    ToolStep(ToolSet tools, ToolContext context, RunHost host, EventStream events, PlanTracker plan, ModeState mode,
             Conversation conversation, List<Path> roots, Clock clock) {
        this.tools = tools;
        this.context = context;
        this.host = host;
        this.events = events;
        this.plan = plan;
        this.mode = mode;
        this.conversation = conversation;
        this.roots = roots;
        this.clock = clock;
        this.check = new CallCheck(tools);
    }

    Outcome run(List<ToolCall> calls) {
        // Each call's arguments are read here once; the checks, the tool and every listener use this reading.
        List<CallArguments> read = new ArrayList<>(calls.size());
        for (ToolCall call : calls) {
            read.add(CallArguments.read(call.name(), call.argumentsJson(), tools));
        }
        List<Done> done = new ArrayList<>();
        Optional<String> completion = Optional.empty();
        Optional<String> rejected = Optional.empty();
        int i = 0;
        while (i < calls.size()) {
            int end = i + 1;
            if (together(calls.get(i))) {
                while (end < calls.size() && together(calls.get(end))) {
                    end++;
                }
            }
            List<ToolCall> group = calls.subList(i, end);
            List<CompletableFuture<ToolResult>> running = new ArrayList<>();
            List<Optional<String>> mistakes = new ArrayList<>();
            for (int k = 0; k < group.size(); k++) {
                CallArguments arguments = read.get(i + k);
                announce(group.get(k), arguments);
                Optional<CallCheck.Problem> problem = refusal(group.get(k), arguments, i + k, calls, done);
                mistakes.add(problem.map(CallCheck.Problem::kind));
                running.add(problem.isPresent()
                        ? CompletableFuture.completedFuture(ToolResult.failure(problem.get().text()))
                        : start(group.get(k), arguments, i + k));
            }
            for (int k = 0; k < group.size(); k++) {
                ToolCall call = group.get(k);
                ToolResult result = running.get(k).join();
                ControlEffect effect = control(call, result);
                result = effect.result;
                if (effect.completion.isPresent()) {
                    completion = effect.completion;
                }
                if (effect.rejected.isPresent()) {
                    rejected = effect.rejected;
                }
                done.add(finish(call, read.get(i + k), result, mistakes.get(k)));
            }
            i = end;
        }
        return new Outcome(done, completion, rejected);
    }

    private boolean together(ToolCall call) {
        return tools.find(call.name()).map(Tool::readOnly).orElse(false) && !ALONE.contains(call.name());
    }

    private void announce(ToolCall call, CallArguments arguments) {
        String runId = events.runId();
        String explanation = arguments.string(Parameter.EXPLANATION).orElse("");
        events.emit(seq -> new AgentEvent.ToolCall(runId, seq, call.id(), call.name(), arguments, explanation));
    }

    private CompletableFuture<ToolResult> start(ToolCall call, CallArguments arguments, int index) {
        if (index >= MAX_CALLS_PER_ANSWER) {
            return CompletableFuture.completedFuture(ToolResult.failure(call.name() + ": not run: one answer may make"
                    + " at most " + MAX_CALLS_PER_ANSWER + " tool calls; this was call " + (index + 1)
                    + ". Make fewer calls per answer."));
        }
        if (context.cancellation().isCancelled()) {
            return CompletableFuture.completedFuture(ToolResult.failure(call.name()
                    + ": not run: the run was cancelled"));
        }
        if (arguments.refusal().isPresent()) {
            return CompletableFuture.completedFuture(ToolResult.failure(call.name() + ": " + arguments.refusal().get()
                    + ": " + CallCheck.shorten(call.argumentsJson()) + ". Call it again with valid JSON arguments."));
        }
        Optional<String> readOnly = mode.readOnlyReason();
        boolean changes = !tools.find(call.name()).map(Tool::readOnly).orElse(true);
        if (readOnly.isPresent() && changes) {
            return CompletableFuture.completedFuture(ToolResult.failure(call.name() + ": not run: "
                    + readOnly.get()));
        }
        return tools.execute(call.name(), arguments.tree().orElseThrow(), context);
    }

    /**
     * Why a call is refused as the model's mistake before it runs: malformed ({@link CallCheck}), or an
     * {@code attempt_completion} in an answer with other calls, whose results the model has not seen yet.
     */
    private Optional<CallCheck.Problem> refusal(ToolCall call, CallArguments arguments, int index,
                                                List<ToolCall> calls, List<Done> done) {
        if (index >= MAX_CALLS_PER_ANSWER) {
            return Optional.empty();
        }
        Optional<CallCheck.Problem> problem = check.problem(call, arguments);
        return problem.isPresent() ? problem : AttemptCompletion.refusal(call, arguments, calls, done);
    }

    /** What a control tool did: the result the model reads, and the run's end or the plan's rejection. */
    private record ControlEffect(ToolResult result, Optional<String> completion, Optional<String> rejected) {
        static ControlEffect none(ToolResult result) {
            return new ControlEffect(result, Optional.empty(), Optional.empty());
        }
    }

    private ControlEffect control(ToolCall call, ToolResult result) {
        if (!(result instanceof ToolResult.Success success)) {
            if (call.name().equals(AskFollowupQuestionTool.NAME) && host.lastQuestionDismissed()
                    && !context.cancellation().isCancelled()) {
                return ControlEffect.none(ToolResult.success("The user did not answer.", null));
            }
            return ControlEffect.none(result);
        }
        JsonNode data = success.data();
        switch (data.path("control").asText("")) {
            case AttemptCompletionTool.NAME -> {
                return new ControlEffect(result, Optional.of(data.path(AttemptCompletionTool.RESULT).asText()),
                        Optional.empty());
            }
            case CompleteStepTool.NAME -> {
                StringBuilder answer = new StringBuilder();
                Optional<String> wrong = plan.complete(data.path("step").asInt(), answer);
                return ControlEffect.none(wrong.isPresent() ? ToolResult.failure(wrong.get())
                        : ToolResult.success(answer.toString(), data));
            }
            case CreatePlanTool.NAME -> {
                return createPlan(data, result);
            }
            default -> {
                return ControlEffect.none(result);
            }
        }
    }

    private ControlEffect createPlan(JsonNode data, ToolResult result) {
        List<String> steps = new ArrayList<>();
        data.path("steps").forEach(step -> steps.add(step.path("title").asText().strip()));
        plan.create(data.path("goal").asText(), steps);
        if (!mode.awaitingApproval()) {
            plan.approve();
            return ControlEffect.none(ToolResult.success(result.text() + "\nCarry it out step by step; call"
                    + " complete_step after each step. Step 1 of " + steps.size() + ": " + steps.get(0), data));
        }
        Optional<String> answer = host.approvePlan(plan.describe()).join();
        if (context.cancellation().isCancelled()) {
            return ControlEffect.none(ToolResult.failure("create_plan: the run was cancelled before the user"
                    + " answered"));
        }
        if (answer.isEmpty() || answer.get().strip().equalsIgnoreCase(RunHost.REJECT)) {
            String why = answer.isEmpty() ? "the user dismissed the plan without approving it"
                    : "the user rejected the plan";
            return new ControlEffect(ToolResult.failure("create_plan: " + why + "."), Optional.empty(),
                    Optional.of(why));
        }
        if (answer.get().strip().equalsIgnoreCase(RunHost.APPROVE)) {
            mode.approvePlan();
            plan.approve();
            return ControlEffect.none(ToolResult.success("The user approved the plan; files may change now. Carry it"
                    + " out step by step; call complete_step after each step. Step 1 of " + steps.size() + ": "
                    + steps.get(0), data));
        }
        return ControlEffect.none(ToolResult.failure("create_plan: the user asks for changes to the plan: "
                + answer.get().strip() + "\nFiles stay read-only; call create_plan again with the changed plan."));
    }

    private Done finish(ToolCall call, CallArguments arguments, ToolResult result, Optional<String> mistake) {
        String runId = events.runId();
        String text = result.text();
        boolean truncated = text.length() > AgentEventJson.MAX_RESULT_CHARS;
        String shown = truncated ? text.substring(0, AgentEventJson.MAX_RESULT_CHARS) : text;
        boolean ok = result.isSuccess();
        events.emit(seq -> new AgentEvent.ToolResult(runId, seq, call.id(), call.name(), ok, shown, truncated));
        List<RunHost.AppliedChange> applied = host.drainApplied();
        if (ok && !applied.isEmpty()) {
            String checkpoint = ((ToolResult.Success) result).data().path("checkpointId").asText("");
            for (RunHost.AppliedChange change : applied) {
                String file = display(change.path());
                events.emit(seq -> new AgentEvent.EditApplied(runId, seq, call.id(), file, change.added(),
                        change.removed(), checkpoint));
            }
        }
        ConversationMessage message = conversation.append(runId,
                new ModelMessage.ToolResult(call.id(), call.name(), text, !ok));
        String reason = arguments.string(Parameter.EXPLANATION).orElse("");
        conversation.record(new HistoryEntry(runId, call.id(), call.name(), reason, call.argumentsJson(), ok, text,
                clock.instant()));
        return new Done(call, arguments, ok, text, message.id(), mistake);
    }

    private String display(Path path) {
        for (Path root : roots) {
            if (path.startsWith(root)) {
                return root.relativize(path).toString().replace('\\', '/');
            }
        }
        return path.toString();
    }
}
