package dev.agentls.agent;

import java.util.Locale;

/** How a run ended; exactly one {@code run_finished} event carries it. */
public enum RunStatus {
    /** {@code attempt_completion}, or an answer with no tool call. */
    COMPLETED,
    /** Cancelled by its owner, at any point. */
    CANCELLED,
    /** The model failed after its retries, the user rejected the plan, or the run broke; the reason says which. */
    FAILED,
    /** {@code agent.maxIterations} model calls were made without the task ending. */
    MAX_ITERATIONS,
    /** The cost ({@code agent.maxCost}) or token ({@code agent.maxTokens}) budget was used up. */
    BUDGET;

    /** The name in events: {@code completed}, {@code max_iterations}... */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
