package dev.agentls.llm;

/** Why an answer ended, in the provider-neutral words the agent loop acts on. */
public enum FinishReason {
    /** The model ended its turn (OpenAI {@code stop}, Anthropic {@code end_turn} / {@code stop_sequence}). */
    STOP,
    /** The model wants tools run ({@code tool_calls}, {@code tool_use}). */
    TOOL_CALLS,
    /**
     * The output limit cut the answer and no continuation round was left, or it cut a tool call being written (both
     * providers): such a call was started but never completed, and an answer with tool calls is never continued.
     */
    LENGTH,
    /**
     * The provider withheld the rest ({@code content_filter}, {@code refusal}), or the model refused (OpenAI's
     * {@code delta.refusal}, whose text streams as answer text so the user reads it).
     */
    CONTENT_FILTER,
    /** Any other reason the provider gave; see {@link ModelEvent.Finished#providerReason()}. */
    OTHER
}
