package dev.agentls.agent;

import dev.agentls.llm.ModelEvent;
import java.nio.charset.StandardCharsets;

/**
 * The output tokens one streaming answer may use before the run's budget is spent, counted as it arrives: text,
 * thinking and tool-call arguments, estimated at a token per three UTF-8 bytes (prose and code average three to four
 * characters a token, CJK about one character of three bytes), so the estimate errs towards stopping early. Used on the
 * call's thread only.
 */
final class AnswerAllowance {

    static final int BYTES_PER_TOKEN = 3;

    private final long tokens;
    private long bytes;

    AnswerAllowance(long tokens) {
        this.tokens = tokens;
    }

    long tokens() {
        return tokens;
    }

    /** Counts {@code event}; true once the answer's estimate passed the allowance. */
    boolean charge(ModelEvent event) {
        String text = event instanceof ModelEvent.TextDelta t ? t.text()
                : event instanceof ModelEvent.ThinkingDelta t ? t.text()
                : event instanceof ModelEvent.ToolCallArgumentsDelta a ? a.fragment() : "";
        bytes += text.getBytes(StandardCharsets.UTF_8).length;
        return passed();
    }

    boolean passed() {
        return estimatedTokens() > tokens;
    }

    long estimatedTokens() {
        return (bytes + BYTES_PER_TOKEN - 1) / BYTES_PER_TOKEN;
    }
}
