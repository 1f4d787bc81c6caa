package dev.agentls.agent;

import dev.agentls.llm.AnswerCollector;
import dev.agentls.llm.FinishReason;
import dev.agentls.llm.ModelCall;
import dev.agentls.llm.ModelClient;
import dev.agentls.llm.ModelEvent;
import dev.agentls.llm.ModelFailure;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelOutcome;
import dev.agentls.llm.ModelRequest;
import dev.agentls.llm.TokenUsage;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * One model call of a run: streams the answer (text and thinking become events as they arrive, retries become
 * {@code retry} events), collects it as the assistant message for the history, and waits for its end. The call is
 * registered with the run first, so cancelling the run closes its connection at once. Given an allowance of output
 * tokens (what the run's budget has left), it stops the call as soon as the streamed answer passes it.
 */
final class ModelTurn {

    /** What one call gave: the answer and why it ended, or the failure. */
    sealed interface Result {
        /** {@code unusable}: what was wrong with each call the answer began but could not complete. */
        record Answered(ModelMessage.Assistant message, FinishReason reason, TokenUsage usage,
                        Optional<BigDecimal> cost, List<String> unusable) implements Result {
            public Answered {
                unusable = List.copyOf(unusable);
            }

            Answered(ModelMessage.Assistant message, FinishReason reason, TokenUsage usage, Optional<BigDecimal> cost) {
                this(message, reason, usage, cost, List.of());
            }
        }

        record Failed(ModelFailure failure) implements Result {}

        /**
         * The answer passed the budget's allowance and its call was stopped: {@code text} is the text that had
         * streamed (thinking and tool calls dropped, none of them whole), {@code estimatedTokens} its estimate.
         */
        record CutByBudget(String text, long estimatedTokens, long allowance) implements Result {}
    }

    /** Receives the name of each tool call as it starts (the run decides its mode on the first). */
    interface ToolStartListener {
        void toolCallStarted(String name);
    }

    private ModelTurn() {}

    /**
     * Makes the call and waits for its end.
     *
     * @param register  told of the call before it streams, so a cancel can reach it
     * @param events    where the answer's text and thinking go; null for a call whose text is not shown (the edit
     *                  sub-agent's)
     */
    static Result call(ModelClient model, ModelRequest request, Consumer<ModelCall> register, EventStream events,
                       ToolStartListener starts) {
        return call(model, request, register, events, starts, OptionalLong.empty());
    }

    /** As above, stopping the call once the answer passes {@code allowance} output tokens. */
    static Result call(ModelClient model, ModelRequest request, Consumer<ModelCall> register, EventStream events,
                       ToolStartListener starts, OptionalLong allowance) {
        String runId = events == null ? "" : events.runId();
        Unfinished unfinished = new Unfinished();
        AnswerAllowance limit = allowance.isPresent() ? new AnswerAllowance(allowance.getAsLong()) : null;
        AtomicReference<ModelCall> started = new AtomicReference<>();
        AtomicBoolean cut = new AtomicBoolean();
        AnswerCollector collector = new AnswerCollector(event -> {
            unfinished.observe(event);
            if (limit != null && !cut.get() && limit.charge(event)) {
                // Shown like the rest (the kept answer is what was shown); nothing after it is delivered.
                show(events, runId, event);
                cut.set(true);
                // Cancelling closes the connection; an event before the call is known is cut once it is.
                ModelCall call = started.get();
                if (call != null) {
                    call.cancel();
                }
                return;
            }
            if (events == null || show(events, runId, event)) {
                return;
            }
            if (event instanceof ModelEvent.Retrying r) {
                events.emit(seq -> new AgentEvent.Retry(runId, seq, r.attempt(), r.delay().toMillis(),
                        r.cause().message()));
            } else if (event instanceof ModelEvent.Warning w) {
                events.emit(seq -> new AgentEvent.Warning(runId, seq, w.message()));
            } else if (event instanceof ModelEvent.ToolCallStarted s && starts != null) {
                starts.toolCallStarted(s.name());
            }
        });
        ModelCall call = model.stream(request, collector);
        started.set(call);
        register.accept(call);
        if (cut.get()) {
            call.cancel();
        }
        ModelOutcome outcome = call.outcome().join();
        if (cut.get()) {
            StringBuilder text = new StringBuilder();
            collector.message().blocks().forEach(b -> {
                if (b instanceof ModelMessage.Text t) {
                    text.append(t.text());
                }
            });
            return new Result.CutByBudget(text.toString(), limit.estimatedTokens(), limit.tokens());
        }
        if (outcome instanceof ModelOutcome.Failed failed) {
            return new Result.Failed(failed.failure());
        }
        ModelOutcome.Completed completed = (ModelOutcome.Completed) outcome;
        return new Result.Answered(collector.message(), completed.reason(),
                completed.usage().orElse(TokenUsage.NONE), completed.cost(), unfinished.problems());
    }

    /** Emits the answer's text or thinking; false for any other event. */
    private static boolean show(EventStream events, String runId, ModelEvent event) {
        if (events != null && event instanceof ModelEvent.TextDelta t && !t.text().isEmpty()) {
            events.emit(seq -> new AgentEvent.Text(runId, seq, t.text()));
            return true;
        } else if (events != null && event instanceof ModelEvent.ThinkingDelta t && !t.text().isEmpty()) {
            events.emit(seq -> new AgentEvent.Thinking(runId, seq, t.text()));
            return true;
        }
        return false;
    }

    /** The calls an answer began and never completed: an XML tag left open, a native call cut by the output limit. */
    private static final class Unfinished {
        private final Map<String, String> open = new LinkedHashMap<>();
        private final List<String> problems = new ArrayList<>();

        synchronized void observe(ModelEvent event) {
            if (event instanceof ModelEvent.ToolCallStarted s) {
                open.put(s.id(), s.name());
            } else if (event instanceof ModelEvent.ToolCallCompleted c) {
                open.remove(c.id());
            } else if (event instanceof ModelEvent.ToolCallUnusable u) {
                // XML calls are read one after another: the unusable one is the one begun last.
                String last = null;
                for (String id : open.keySet()) {
                    last = id;
                }
                if (last != null) {
                    open.remove(last);
                }
                problems.add(u.problem());
            }
        }

        synchronized List<String> problems() {
            List<String> all = new ArrayList<>(problems);
            open.values().forEach(name -> all.add("the call to " + name + " was cut by the output limit"
                    + " (finish_reason length) before its arguments were complete, so it did not run"));
            return all;
        }
    }
}
