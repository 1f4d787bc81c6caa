package dev.agentls.agent;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a run tells whoever watches it, in order: every consumer (the editor over LSP, the terminal, the Java SDK)
 * gets the same events. Each carries its run's id and a sequence number counting from 0 without gaps. A run's first
 * event is {@link RunStarted} (stating its mode) and its last is exactly one {@link RunFinished}. The wire form of
 * each is written by {@link AgentEventJson} alone, with {@code type} as the name below.
 */
public sealed interface AgentEvent {

    String runId();

    long seq();

    /** {@code run_started}: the run's mode, decided before any other event (text is held until it is). */
    record RunStarted(String runId, long seq, RunMode mode, String conversationId) implements AgentEvent {
        public RunStarted {
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(conversationId, "conversationId");
        }
    }

    /** {@code text}: a piece of the model's visible answer, as it streams. */
    record Text(String runId, long seq, String text) implements AgentEvent {
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /** {@code thinking}: a piece of the model's reasoning, where the provider streams it apart. */
    record Thinking(String runId, long seq, String text) implements AgentEvent {
        public Thinking {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * {@code tool_call}: the model called a tool. {@code arguments} holds the text the model wrote (possibly not JSON
     * at all, when the model erred) as the run read it once, with what its tool reads in it (the file it names...);
     * {@code explanation} is its {@code explanation} argument, empty when none.
     */
    record ToolCall(String runId, long seq, String callId, String name, CallArguments arguments, String explanation)
            implements AgentEvent {
        public ToolCall {
            Objects.requireNonNull(callId, "callId");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(arguments, "arguments");
            Objects.requireNonNull(explanation, "explanation");
        }
    }

    /**
     * {@code tool_result}: what a call produced. {@code text} is what the model reads, bounded to
     * {@link AgentEventJson#MAX_RESULT_CHARS} characters here ({@code truncated} says when it was cut for the event;
     * the model still gets the whole text).
     */
    record ToolResult(String runId, long seq, String callId, String name, boolean ok, String text, boolean truncated)
            implements AgentEvent {
        public ToolResult {
            Objects.requireNonNull(callId, "callId");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(text, "text");
        }
    }

    /** {@code edit_applied}: a tool changed a file: its workspace path, lines added and removed, and the checkpoint. */
    record EditApplied(String runId, long seq, String callId, String file, int added, int removed,
                       String checkpointId) implements AgentEvent {
        public EditApplied {
            Objects.requireNonNull(callId, "callId");
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(checkpointId, "checkpointId");
        }
    }

    /** {@code plan_created}: the model's plan, its goal and step titles in order. */
    record PlanCreated(String runId, long seq, String goal, List<String> steps) implements AgentEvent {
        public PlanCreated {
            Objects.requireNonNull(goal, "goal");
            steps = List.copyOf(steps);
        }
    }

    /** {@code step_started}: step {@code step} (one-based) of {@code total} begins: "step 2 of 5". */
    record StepStarted(String runId, long seq, int step, int total, String title) implements AgentEvent {
        public StepStarted {
            Objects.requireNonNull(title, "title");
        }
    }

    /** {@code step_completed}: step {@code step} of {@code total} is done. */
    record StepCompleted(String runId, long seq, int step, int total, String title) implements AgentEvent {
        public StepCompleted {
            Objects.requireNonNull(title, "title");
        }
    }

    /** {@code approval_requested}: the run waits for the user to approve something (a command, a plan). */
    record ApprovalRequested(String runId, long seq, String title, String detail) implements AgentEvent {
        public ApprovalRequested {
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /** {@code question_asked}: the run waits for the user's answer to a question, with the options offered. */
    record QuestionAsked(String runId, long seq, String question, List<String> options) implements AgentEvent {
        public QuestionAsked {
            Objects.requireNonNull(question, "question");
            options = List.copyOf(options);
        }
    }

    /**
     * {@code token_usage}: the run's totals after a model call: tokens, cost when the price table prices the model,
     * and the share of the budget used (0 to 1 and past it; empty when the run has no budget).
     */
    record TokenUsage(String runId, long seq, long inputTokens, long outputTokens, long cachedTokens,
                      Optional<BigDecimal> cost, OptionalDouble budgetUsed) implements AgentEvent {
        public TokenUsage {
            Objects.requireNonNull(cost, "cost");
            Objects.requireNonNull(budgetUsed, "budgetUsed");
        }
    }

    /** {@code context_pruned}: history was shortened to fit the safe zone: what was dropped, tokens saved. */
    record ContextPruned(String runId, long seq, String dropped, long tokensSaved) implements AgentEvent {
        public ContextPruned {
            Objects.requireNonNull(dropped, "dropped");
        }
    }

    /** {@code retry}: a model call failed before answering and is tried again after {@code delayMillis}. */
    record Retry(String runId, long seq, int attempt, long delayMillis, String reason) implements AgentEvent {
        public Retry {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * {@code loop_detected}: the model repeats itself ({@code what} says how); the repeated turns are dropped from
     * the next request and the model is told. {@code stopping} is true when it persisted and the run stops.
     */
    record LoopDetected(String runId, long seq, String what, int repeats, boolean stopping) implements AgentEvent {
        public LoopDetected {
            Objects.requireNonNull(what, "what");
        }
    }

    /**
     * {@code model_mistake}: an answer the run could not use as it was (no tool call where one was needed, an empty
     * answer, a malformed, unknown or cut call); the model is told {@code problem} and how a correct call looks, and
     * the run goes on. {@code kind} names the mistake ({@code no_tool_call}, {@code empty_answer}, {@code bad_call},
     * {@code unknown_tool}, {@code unclosed_tag}, {@code cut_by_length}, {@code answer_too_large},
     * {@code early_completion}); {@code consecutive} counts answers in a row without a usable call, against
     * {@code limit} ({@code agent.maxConsecutiveMistakes}).
     */
    record ModelMistake(String runId, long seq, String kind, String problem, int consecutive, int limit)
            implements AgentEvent {
        public ModelMistake {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(problem, "problem");
        }
    }

    /**
     * {@code tool_call_from_text}: the model wrote a tool call as text ({@code form}: a bare JSON object, a
     * {@code <tool_call>} tag, a fenced JSON block) instead of calling natively; it runs as call {@code callId}.
     */
    record TextToolCall(String runId, long seq, String callId, String name, String form) implements AgentEvent {
        public TextToolCall {
            Objects.requireNonNull(callId, "callId");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(form, "form");
        }
    }

    /** {@code warning}: something the user should know that does not stop the run (80% of the budget used). */
    record Warning(String runId, long seq, String message) implements AgentEvent {
        public Warning {
            Objects.requireNonNull(message, "message");
        }
    }

    /** {@code error}: what went wrong, in words, just before a run ends {@code failed}. */
    record Error(String runId, long seq, String message) implements AgentEvent {
        public Error {
            Objects.requireNonNull(message, "message");
        }
    }

    /** {@code completion}: the run's result: {@code attempt_completion}'s summary, or the final answer's text. */
    record Completion(String runId, long seq, String result) implements AgentEvent {
        public Completion {
            Objects.requireNonNull(result, "result");
        }
    }

    /** {@code run_finished}: the last event of every run, exactly once: its status and the text that goes with it. */
    record RunFinished(String runId, long seq, RunStatus status, String text) implements AgentEvent {
        public RunFinished {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(text, "text");
        }
    }
}
