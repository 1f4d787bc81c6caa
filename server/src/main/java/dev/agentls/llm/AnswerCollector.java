package dev.agentls.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A listener that passes every event on and keeps what the conversation needs from the answer: its content blocks in
 * the order they streamed (text, thinking with Anthropic's signature, redacted thinking with its opaque data, and
 * completed tool calls), as the {@link ModelMessage.Assistant} to append to the history. Anthropic wants thinking
 * blocks back exactly in their place among the text and tool calls, so nothing is regrouped. Read {@link #message()}
 * once the call's outcome has completed.
 *
 * <p>Consecutive text deltas make one text block and consecutive thinking deltas one thinking block; a thinking block
 * ends at its signature, and any block ends where a block of another kind begins. Thinking that never got a signature
 * (OpenAI-compatible reasoning) is kept unsigned. A tool call takes its place when it completes; one that never
 * completed is left out.
 */
public final class AnswerCollector implements ModelListener {

    private enum Open { NONE, TEXT, THINKING }

    private final ModelListener downstream;
    private final List<ModelMessage.Block> blocks = new ArrayList<>();
    private final StringBuilder pending = new StringBuilder();
    private Open open = Open.NONE;

    public AnswerCollector(ModelListener downstream) {
        this.downstream = downstream;
    }

    @Override
    public void onEvent(ModelEvent event) {
        synchronized (this) {
            if (event instanceof ModelEvent.TextDelta t) {
                append(Open.TEXT, t.text());
            } else if (event instanceof ModelEvent.ThinkingDelta t) {
                append(Open.THINKING, t.text());
            } else if (event instanceof ModelEvent.ThinkingSignature s) {
                // A signed block may have no text at all (thinking the provider chose not to show).
                String thinking = open == Open.THINKING ? pending.toString() : "";
                if (open == Open.THINKING) {
                    pending.setLength(0);
                    open = Open.NONE;
                } else {
                    close();
                }
                blocks.add(new ModelMessage.Thinking(thinking, s.signature()));
            } else if (event instanceof ModelEvent.RedactedThinking r) {
                close();
                blocks.add(r.block());
            } else if (event instanceof ModelEvent.ToolCallCompleted c) {
                close();
                blocks.add(new ToolCall(c.id(), c.name(), c.argumentsJson()));
            }
        }
        downstream.onEvent(event);
    }

    private void append(Open kind, String text) {
        if (open != kind) {
            close();
            open = kind;
        }
        pending.append(text);
    }

    /** Ends the block being streamed, if any; thinking ended this way has no signature. */
    private void close() {
        current().ifPresent(blocks::add);
        pending.setLength(0);
        open = Open.NONE;
    }

    private Optional<ModelMessage.Block> current() {
        return switch (open) {
            case TEXT -> Optional.of(new ModelMessage.Text(pending.toString()));
            case THINKING -> Optional.of(new ModelMessage.Thinking(pending.toString(), ""));
            case NONE -> Optional.empty();
        };
    }

    /** The answer so far as an assistant message (whole once the call completed). */
    public synchronized ModelMessage.Assistant message() {
        List<ModelMessage.Block> all = new ArrayList<>(blocks);
        current().ifPresent(all::add);
        return new ModelMessage.Assistant(all);
    }
}
