package dev.agentls.agent;

import dev.agentls.config.LlmSettings;
import dev.agentls.conversation.Conversation;
import dev.agentls.conversation.ConversationMessage;
import dev.agentls.conversation.RunRecord;
import dev.agentls.llm.FinishReason;
import dev.agentls.llm.ModelCall;
import dev.agentls.llm.ModelFailure;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelRequest;
import dev.agentls.llm.ToolCall;
import dev.agentls.tools.Cancellation;
import dev.agentls.tools.CreatePlanTool;
import dev.agentls.tools.ToolKind;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One run: the tool-call loop. Build the request, stream the answer, run its tool calls, feed the results back, and
 * repeat until {@code attempt_completion}, a final text answer, a limit (iterations, budget, a loop that persists,
 * mistakes in a row past their bound), a cancellation or a failure; then exactly one {@code run_finished}. A model's
 * mistake ({@link AnswerReview}) is told to the model and the loop goes on. Steering messages join the conversation
 * as user turns at the next tool boundary. Runs on one thread of the agent's executor; its handle methods are safe
 * from any thread.
 */
final class AgentRun implements RunHandle {

    /**
     * The logger, made at the first message: {@code java.util.logging}'s set-up (its configuration, the security
     * properties it checks) costs a fresh JVM ~20 ms, which a run that logs nothing should not pay on its way to the
     * first request (BENCHMARKS.md, {@code agentls run} to {@code run_started}).
     */
    private static final class Log {
        static final Logger LOG = Logger.getLogger(AgentRun.class.getName());
    }

    private final String runId;
    private final RunRequest request;
    private final Conversation conversation;
    private final RunContext context;
    private final EventStream events;
    private final Cancellation cancellation = new Cancellation();
    private final ConcurrentLinkedQueue<String> steering = new ConcurrentLinkedQueue<>();
    private final CompletableFuture<RunOutcome> outcome = new CompletableFuture<>();
    private final ModeState mode;
    private final Budget budget;
    private final LoopDetector loops = new LoopDetector();
    private final Set<String> dropped = new HashSet<>();
    private AnswerReview review;
    private MistakeNotes notes;
    private MistakeBound mistakes;
    private final Runnable onEnd;
    private volatile ModelCall currentCall;
    private volatile boolean ended;
    private int iterations;
    private Instant started;

    /** @param onEnd runs once the run has ended, before its outcome completes (frees its conversation) */
    AgentRun(String runId, RunRequest request, Conversation conversation, RunContext context, AgentListener listener,
             Runnable onEnd) {
        this.runId = runId;
        this.onEnd = onEnd;
        this.request = request;
        this.conversation = conversation;
        this.context = context;
        this.events = new EventStream(runId, conversation.id(), listener);
        this.mode = new ModeState(request.mode());
        LlmSettings llm = context.settings().llm();
        this.budget = new Budget(context.settings().agent(), llm.price());
    }

    @Override
    public String runId() {
        return runId;
    }

    @Override
    public String conversationId() {
        return conversation.id();
    }

    @Override
    public void cancel() {
        cancellation.cancel();
        ModelCall call = currentCall;
        if (call != null) {
            call.cancel();
        }
    }

    @Override
    public boolean steer(String message) {
        if (ended || message == null || message.isBlank()) {
            return false;
        }
        steering.add(message);
        return true;
    }

    @Override
    public CompletableFuture<RunOutcome> outcome() {
        return outcome;
    }

    /** The loop; ends the run exactly once whatever happens inside. */
    void run() {
        started = context.clock().instant();
        try {
            loop();
        } catch (RuntimeException | Error e) {
            Log.LOG.log(Level.SEVERE, "run " + runId + " broke", e);
            String message = "the run broke: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage());
            events.emit(seq -> new AgentEvent.Error(runId, seq, message));
            end(RunStatus.FAILED, message);
        }
    }

    private void loop() {
        if (mode.decided()) {
            events.start(mode.current());
        }
        RunParts parts = RunParts.assemble(runId, request, conversation, context, events, cancellation, mode, budget,
                started, this::register, dropped);
        ToolStep step = parts.step();
        RequestBuilder requests = parts.requests();
        review = parts.review();
        notes = parts.notes();
        mistakes = parts.mistakes();
        ProjectContext.Layers project = parts.project();
        conversation.append(runId, new ModelMessage.User(RequestText.of(request)));
        while (true) {
            if (cancellation.isCancelled()) {
                end(RunStatus.CANCELLED, "cancelled");
                return;
            }
            deliverSteering();
            if (iterations >= context.settings().agent().maxIterations()) {
                end(RunStatus.MAX_ITERATIONS, "stopped after " + iterations + " model calls"
                        + " (agent.maxIterations) before the task was done");
                return;
            }
            if (!project.complete() && iterations > 0) {
                // The first request went without what was not ready (the repo map): it joins the history as a
                // message once ready, so the system prompt, and every request's prefix, stays the same.
                ProjectContext.Layers now = context.project().current(request);
                if (now.complete()) {
                    project = now;
                    String arrived = context.project().arrived(request);
                    if (!arrived.isEmpty()) {
                        conversation.append(runId, new ModelMessage.User(arrived));
                    }
                }
            }
            RequestBuilder.Built built = requests.next(conversation, dropped);
            for (var pruned : built.pruned()) {
                events.emit(seq -> new AgentEvent.ContextPruned(runId, seq, pruned.dropped(), pruned.tokensSaved()));
            }
            ModelRequest next = built.request();
            iterations++;
            ModelTurn.Result result = ModelTurn.call(context.model(), next, this::register, events,
                    name -> events.start(decide(name)), budget.answerAllowance());
            currentCall = null;
            if (result instanceof ModelTurn.Result.CutByBudget cut && !cancellation.isCancelled()) {
                cutByBudget(cut);
                return;
            }
            if (result instanceof ModelTurn.Result.Failed failed) {
                if (failed.failure() instanceof ModelFailure.AnswerTooLarge tooLarge && !cancellation.isCancelled()) {
                    // The answer was stopped unread: nothing of it is kept or run, and the model hears why.
                    events.start(decide(""));
                    if (mistaken("answer_too_large", tooLarge.message() + "; nothing in it was run.", "")) {
                        return;
                    }
                    continue;
                }
                fail(failed.failure());
                return;
            }
            ModelTurn.Result.Answered answer = (ModelTurn.Result.Answered) result;
            AnswerReview.Verdict verdict = review.review(answer, mode.current(), iterations);
            ModelMessage.Assistant kept = verdict instanceof AnswerReview.Verdict.Run run ? run.message()
                    : answer.message();
            events.start(decide(kept.toolCalls().isEmpty() ? "" : kept.toolCalls().get(0).name()));
            // An empty answer is not kept: providers refuse an assistant turn without content.
            ConversationMessage assistant = kept.blocks().isEmpty() ? null : conversation.append(runId, kept);
            context.history().observe(next, answer.usage());
            budget.add(answer.usage(), answer.cost());
            reportUsage();
            if (verdict instanceof AnswerReview.Verdict.Final done) {
                // The whole answer may have been read before a cancel reached the call (or while its held text was
                // shown): the user stopped the run, so it is not reported done.
                if (cancellation.isCancelled()) {
                    end(RunStatus.CANCELLED, "cancelled");
                    return;
                }
                complete(done.text(), answer.reason());
                return;
            }
            if (verdict instanceof AnswerReview.Verdict.Mistake mistake) {
                if (mistaken(mistake.kind(), mistake.problem(), kept.text())) {
                    return;
                }
                continue;
            }
            AnswerReview.Verdict.Run run = (AnswerReview.Verdict.Run) verdict;
            for (int i = 0; i < run.fromText().size(); i++) {
                ToolCall call = run.calls().get(i);
                String form = run.fromText().get(i).form().words();
                events.emit(seq -> new AgentEvent.TextToolCall(runId, seq, call.id(), call.name(), form));
            }
            List<ToolCall> calls = run.calls();
            if (budget.spent()) {
                for (ToolCall call : calls) {
                    conversation.append(runId, new ModelMessage.ToolResult(call.id(), call.name(),
                            call.name() + ": not run: the run's budget was used up", true));
                }
                end(RunStatus.BUDGET, "the run's budget of " + budget.describe() + " was used up");
                return;
            }
            ToolStep.Outcome done = step.run(calls);
            if (cancellation.isCancelled()) {
                end(RunStatus.CANCELLED, "cancelled");
                return;
            }
            if (done.completion().isPresent()) {
                String text = done.completion().get();
                events.emit(seq -> new AgentEvent.Completion(runId, seq, text));
                end(RunStatus.COMPLETED, text);
                return;
            }
            if (done.planRejected().isPresent()) {
                end(RunStatus.FAILED, done.planRejected().get());
                return;
            }
            if (!run.unusable().isEmpty()) {
                String problem = String.join("; ", run.unusable()) + ".";
                mistakes.unfinished("cut_by_length", problem);
                conversation.append(runId, new ModelMessage.User(notes.note(problem)));
            }
            Optional<String> stop = mistakes.calls(done.done(), kept.text());
            if (cancellation.isCancelled()) {
                end(RunStatus.CANCELLED, "cancelled");
                return;
            }
            if (stop.isPresent()) {
                events.emit(seq -> new AgentEvent.Error(runId, seq, stop.get()));
                end(RunStatus.FAILED, stop.get());
                return;
            }
            if (checkLoops(assistant, calls, done)) {
                return;
            }
        }
    }

    /**
     * Tells the model its mistake and counts it; true when the run ended (the bound reached and no one said go on,
     * or a cancel while asking).
     */
    private boolean mistaken(String kind, String problem, String lastText) {
        conversation.append(runId, new ModelMessage.User(notes.note(problem)));
        Optional<String> stop = mistakes.answer(kind, problem, lastText);
        if (cancellation.isCancelled()) {
            end(RunStatus.CANCELLED, "cancelled");
            return true;
        }
        if (stop.isPresent()) {
            events.emit(seq -> new AgentEvent.Error(runId, seq, stop.get()));
            end(RunStatus.FAILED, stop.get());
            return true;
        }
        return false;
    }

    private RunMode decide(String firstToolName) {
        mode.decide(firstToolName.equals(CreatePlanTool.NAME) ? RunMode.PLAN : mode.requested());
        return mode.current();
    }

    private void register(ModelCall call) {
        currentCall = call;
        if (cancellation.isCancelled()) {
            call.cancel();
        }
    }

    private void deliverSteering() {
        for (String message = steering.poll(); message != null; message = steering.poll()) {
            conversation.append(runId, new ModelMessage.User(message));
        }
    }

    private void reportUsage() {
        var used = budget.used();
        var cost = budget.cost();
        var share = budget.share();
        events.emit(seq -> new AgentEvent.TokenUsage(runId, seq, used.input(), used.output(), used.cached(), cost,
                share));
        if (budget.shouldWarn()) {
            String message = "80% of the run's budget is used: " + budget.describe();
            events.emit(seq -> new AgentEvent.Warning(runId, seq, message));
        }
    }

    private boolean checkLoops(ConversationMessage assistant, List<ToolCall> calls, ToolStep.Outcome done) {
        for (ToolStep.Done call : done.done()) {
            boolean edits = call.arguments().kind() == ToolKind.EDIT;
            LoopDetector.Verdict verdict = loops.observe(call.call().name(), edits, call.call().argumentsJson(),
                    call.ok(), call.text(), new LoopDetector.Occurrence(assistant.id(), calls.size() == 1,
                            call.resultMessageId()));
            if (verdict instanceof LoopDetector.Verdict.Recover recover) {
                events.emit(seq -> new AgentEvent.LoopDetected(runId, seq, recover.what(), recover.repeats(), false));
                dropped.addAll(recover.dropMessageIds());
                conversation.append(runId, new ModelMessage.User(LoopDetector.note(recover.what(),
                        recover.repeats())));
                return false;
            }
            if (verdict instanceof LoopDetector.Verdict.Stop stop) {
                events.emit(seq -> new AgentEvent.LoopDetected(runId, seq, stop.what(), stop.repeats(), true));
                end(RunStatus.FAILED, "stopped: the model kept repeating " + stop.what() + " after being told");
                return true;
            }
        }
        return false;
    }

    /** The answer passed what the budget had left: what streamed of its text is kept, and the run ends saying so. */
    private void cutByBudget(ModelTurn.Result.CutByBudget cut) {
        events.start(decide(""));
        if (!cut.text().isEmpty()) {
            conversation.append(runId, ModelMessage.Assistant.text(cut.text()));
        }
        budget.addEstimatedOutput(cut.estimatedTokens());
        reportUsage();
        String message = "the answer was cut by the budget after about " + cut.estimatedTokens() + " tokens (" + cut
                .allowance() + " were left); the run's budget of " + budget.describe() + " is used up";
        events.emit(seq -> new AgentEvent.Warning(runId, seq, message));
        end(RunStatus.BUDGET, message);
    }

    private void complete(String text, FinishReason reason) {
        if (reason == FinishReason.LENGTH) {
            events.emit(seq -> new AgentEvent.Warning(runId, seq, "the answer was cut by the output limit"
                    + " (llm.maxOutputTokens)"));
        } else if (reason == FinishReason.CONTENT_FILTER) {
            events.emit(seq -> new AgentEvent.Warning(runId, seq, "the provider withheld the rest of the answer"
                    + " (content filter or refusal)"));
        }
        events.emit(seq -> new AgentEvent.Completion(runId, seq, text));
        end(RunStatus.COMPLETED, text);
    }

    private void fail(ModelFailure failure) {
        if (failure instanceof ModelFailure.Cancelled || cancellation.isCancelled()) {
            end(RunStatus.CANCELLED, "cancelled");
            return;
        }
        String message = "the model call failed: " + failure.message();
        events.emit(seq -> new AgentEvent.Error(runId, seq, message));
        end(RunStatus.FAILED, message);
    }

    private void end(RunStatus status, String text) {
        if (ended) {
            return;
        }
        ended = true;
        conversation.endRun(new RunRecord(runId, mode.current().id(), status.id(), budget.used(), budget.cost(),
                started, context.clock().instant()));
        events.finish(mode.current(), status, text);
        onEnd.run();
        outcome.complete(new RunOutcome(runId, conversation.id(), status, text, iterations, budget.used(),
                budget.cost()));
    }
}
