package dev.agentls.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A listener that passes every event on and keeps what the conversation needs from the answer: its text, its
 * thinking with Anthropic's signature (which must go back with the thinking when a tool result follows), and its
 * completed tool calls, as the {@link ModelMessage.Assistant} to append to the history. Read {@link #message()} once
 * the call's outcome has completed.
 */
public final class AnswerCollector implements ModelListener {

    private final ModelListener downstream;
    private final StringBuilder text = new StringBuilder();
    private final StringBuilder thinking = new StringBuilder();
    private String signature = "";
    private final List<ToolCall> toolCalls = new ArrayList<>();

    public AnswerCollector(ModelListener downstream) {
        this.downstream = downstream;
    }

    @Override
    public void onEvent(ModelEvent event) {
        synchronized (this) {
            if (event instanceof ModelEvent.TextDelta t) {
                text.append(t.text());
            } else if (event instanceof ModelEvent.ThinkingDelta t) {
                thinking.append(t.text());
            } else if (event instanceof ModelEvent.ThinkingSignature s) {
                signature = s.signature();
            } else if (event instanceof ModelEvent.ToolCallCompleted c) {
                toolCalls.add(new ToolCall(c.id(), c.name(), c.argumentsJson()));
            }
        }
        downstream.onEvent(event);
    }

    /** The answer so far as an assistant message (whole once the call completed). */
    public synchronized ModelMessage.Assistant message() {
        Optional<ModelMessage.Thinking> thought = thinking.length() == 0 && signature.isEmpty() ? Optional.empty()
                : Optional.of(new ModelMessage.Thinking(thinking.toString(), signature));
        return new ModelMessage.Assistant(text.toString(), thought, toolCalls);
    }
}
