package dev.agentls.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.agentls.agent.Agent;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.agent.RunStatus;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.AgentSettings;
import dev.agentls.config.LlmSettings;
import dev.agentls.config.Provider;
import dev.agentls.conversation.InMemoryConversations;
import dev.agentls.conversation.RequestHistory;
import dev.agentls.llm.FinishReason;
import dev.agentls.llm.ModelCall;
import dev.agentls.llm.ModelClient;
import dev.agentls.llm.ModelEvent;
import dev.agentls.llm.ModelListener;
import dev.agentls.llm.ModelOutcome;
import dev.agentls.llm.ModelRequest;
import dev.agentls.llm.TokenUsage;
import dev.agentls.tools.Arguments;
import dev.agentls.tools.AttemptCompletionTool;
import dev.agentls.tools.Parameter;
import dev.agentls.tools.Tool;
import dev.agentls.tools.ToolContext;
import dev.agentls.tools.ToolResult;
import dev.agentls.tools.ToolSet;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The agent's own overhead per tool step ({@code scripts/bench-agent steps}): a run of {@code STEPS} steps against a
 * model that answers at once, in-process (each answer one call of a trivial read-only tool, then
 * {@code attempt_completion}), with a tool that returns at once. What is left is the loop itself: building each
 * request from the prompt layers and the history, streaming the answer into events, validating and running the call,
 * feeding the result back, numbering and delivering the events. Prints each repetition's time per step and the
 * median; exits 1 when the median is above the floor (2 ms).
 */
public final class AgentStepBench {

    private static final double FLOOR_MILLIS = 2.0;

    private AgentStepBench() {}

    public static void main(String[] args) throws Exception {
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        int warmups = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        int repetitions = args.length > 2 ? Integer.parseInt(args[2]) : 15;
        ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "bench-run");
            thread.setDaemon(true);
            return thread;
        });
        AtomicInteger ids = new AtomicInteger();
        ToolSet tools = new ToolSet(List.of(new NoopTool(), new AttemptCompletionTool()));
        LlmSettings llm = LlmSettings.defaults(Provider.OPENAI);
        Agent agent = new Agent(new AgentLsSettings(llm, new AgentSettings(steps + 2)), new InstantModel(steps),
                tools, new NoChanges(), List.of(Path.of(".").toAbsolutePath().normalize()), new InMemoryConversations(),
                RequestHistory.whole(), executor, Clock.systemUTC(), () -> "bench-" + ids.incrementAndGet());
        for (int i = 0; i < warmups; i++) {
            run(agent, steps);
        }
        List<Double> perStep = new ArrayList<>();
        for (int i = 0; i < repetitions; i++) {
            double millis = run(agent, steps);
            perStep.add(millis);
            System.out.printf("run %2d: %.3f ms per tool step (%d steps)%n", i + 1, millis, steps);
        }
        Collections.sort(perStep);
        double median = perStep.get(perStep.size() / 2);
        System.out.printf("agent overhead per tool step: median %.3f ms (floor <= %.1f ms), min %.3f, max %.3f,"
                + " %d steps a run, %d runs after %d warm-up runs%n", median, FLOOR_MILLIS, perStep.get(0),
                perStep.get(perStep.size() - 1), steps, repetitions, warmups);
        System.exit(median <= FLOOR_MILLIS ? 0 : 1);
    }

    /** One run; its wall time divided by its model calls (each a tool step). */
    private static double run(Agent agent, int steps) throws Exception {
        AtomicInteger events = new AtomicInteger();
        long start = System.nanoTime();
        RunOutcome outcome = agent.run(RunRequest.of("Count to " + steps), event -> events.incrementAndGet())
                .outcome().get();
        long elapsed = System.nanoTime() - start;
        if (outcome.status() != RunStatus.COMPLETED || outcome.iterations() != steps + 1) {
            throw new IllegalStateException("the bench run ended " + outcome.status() + " after "
                    + outcome.iterations() + " calls: " + outcome.text());
        }
        return elapsed / 1e6 / outcome.iterations();
    }

    /**
     * Answers every request at once on the caller's thread: the {@code n}th answer calls {@code noop} with
     * {@code n} (so no two steps repeat), the last one {@code attempt_completion}.
     */
    private static final class InstantModel implements ModelClient {
        private final int steps;

        InstantModel(int steps) {
            this.steps = steps;
        }

        @Override
        public ModelCall stream(ModelRequest request, ModelListener listener) {
            long done = request.messages().stream().filter(m -> m instanceof dev.agentls.llm.ModelMessage.Assistant)
                    .count();
            String id = "call_" + done;
            if (done < steps) {
                listener.onEvent(new ModelEvent.ToolCallStarted(id, "noop"));
                listener.onEvent(new ModelEvent.ToolCallCompleted(id, "noop", "{\"n\":\"" + done + "\"}"));
            } else {
                listener.onEvent(new ModelEvent.ToolCallStarted(id, "attempt_completion"));
                listener.onEvent(new ModelEvent.ToolCallCompleted(id, "attempt_completion",
                        "{\"result\":\"counted\"}"));
            }
            TokenUsage usage = new TokenUsage(100, 10, 0);
            listener.onEvent(new ModelEvent.Usage(usage, Optional.empty()));
            listener.onEvent(new ModelEvent.Finished(FinishReason.TOOL_CALLS, "tool_calls"));
            CompletableFuture<ModelOutcome> outcome = CompletableFuture.completedFuture(
                    new ModelOutcome.Completed(FinishReason.TOOL_CALLS, Optional.of(usage), Optional.empty()));
            return new ModelCall() {
                @Override
                public void cancel() {
                }

                @Override
                public CompletableFuture<ModelOutcome> outcome() {
                    return outcome;
                }
            };
        }
    }

    /** A read-only tool that answers at once. */
    private static final class NoopTool implements Tool {
        @Override
        public String name() {
            return "noop";
        }

        @Override
        public String description() {
            return "Does nothing and says so. <noop><n>1</n></noop>";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(Parameter.required("n", Parameter.Type.STRING, "a counter"));
        }

        @Override
        public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
            return CompletableFuture.completedFuture(new ToolResult.Success("noop " + arguments.string("n"),
                    JsonNodeFactory.instance.objectNode()));
        }

        @Override
        public boolean readOnly() {
            return true;
        }
    }
}
