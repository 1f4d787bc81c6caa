package dev.agentls.llm;

import dev.agentls.llm.sse.SseEvent;

/**
 * Turns one round's server-sent events into {@link ModelEvent}s (deltas and tool calls; the caller adds usage and
 * the finish) and decides, at the end, whether the round is whole.
 */
interface StreamDecoder {

    /** Decodes one event, emitting what it means; a failure event or unreadable data fails the round. */
    void onEvent(SseEvent event) throws FailureException;

    /** True once the provider said the stream is over ({@code [DONE]}, {@code message_stop}): stop reading. */
    boolean isComplete();

    /**
     * The stream ended (or {@link #isComplete()}); {@code cutMidEvent} says bytes of an unfinished event were left.
     * Answers the round's end, or fails with a {@link ModelFailure.StreamCut} when the answer is not whole.
     */
    RoundEnd finish(boolean cutMidEvent) throws FailureException;
}
