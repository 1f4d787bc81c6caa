package dev.agentls.llm;

import java.util.ArrayList;
import java.util.List;

/**
 * A listener that passes every event on and keeps what the conversation needs from the answer: its reasoning blocks
 * in the order they streamed (thinking with Anthropic's signature, redacted thinking with its opaque data: both must
 * go back unchanged when a tool result follows), its text, and its completed tool calls, as the
 * {@link ModelMessage.Assistant} to append to the history. Read {@link #message()} once the call's outcome has
 * completed.
 *
 * <p>A thinking block ends at its signature or where a redacted block begins; thinking that never got a signature
 * (OpenAI-compatible reasoning) is kept as one unsigned block.
 */
public final class AnswerCollector implements ModelListener {

    private final ModelListener downstream;
    private final StringBuilder text = new StringBuilder();
    private final List<ModelMessage.Reasoning> reasoning = new ArrayList<>();
    private final StringBuilder thinking = new StringBuilder();
    private boolean thinkingOpen;
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
                thinkingOpen = true;
            } else if (event instanceof ModelEvent.ThinkingSignature s) {
                // A signed block may have no text at all (thinking the provider chose not to show).
                reasoning.add(new ModelMessage.Thinking(thinking.toString(), s.signature()));
                thinking.setLength(0);
                thinkingOpen = false;
            } else if (event instanceof ModelEvent.RedactedThinking r) {
                closeUnsignedThinking();
                reasoning.add(new ModelMessage.RedactedThinking(r.data()));
            } else if (event instanceof ModelEvent.ToolCallCompleted c) {
                toolCalls.add(new ToolCall(c.id(), c.name(), c.argumentsJson()));
            }
        }
        downstream.onEvent(event);
    }

    private void closeUnsignedThinking() {
        if (thinkingOpen) {
            reasoning.add(new ModelMessage.Thinking(thinking.toString(), ""));
            thinking.setLength(0);
            thinkingOpen = false;
        }
    }

    /** The answer so far as an assistant message (whole once the call completed). */
    public synchronized ModelMessage.Assistant message() {
        List<ModelMessage.Reasoning> blocks = new ArrayList<>(reasoning);
        if (thinkingOpen) {
            blocks.add(new ModelMessage.Thinking(thinking.toString(), ""));
        }
        return new ModelMessage.Assistant(text.toString(), blocks, toolCalls);
    }
}
