package dev.agentls.conversation;

import dev.agentls.llm.ModelMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A conversation's messages as one request sends them under a {@link ContextState}: superseded file copies as a
 * reference line, cleared results as a summary line, dropped turns as one note where they were. The text of each
 * line depends only on the message and its call, so the same state always renders the same bytes.
 */
final class HistoryRendering {

    private final List<ConversationMessage> all;
    private final Set<String> exclude;
    /** By result message id: the file the call read whole, and the step (answer number) it was made at. */
    private final Map<String, Optional<String>> callPath;
    private final Map<String, Integer> callStep;
    private final MessageTokens counter;

    HistoryRendering(List<ConversationMessage> all, Set<String> exclude, Map<String, Optional<String>> callPath,
                     Map<String, Integer> callStep, MessageTokens counter) {
        this.all = all;
        this.exclude = exclude;
        this.callPath = callPath;
        this.callStep = callStep;
        this.counter = counter;
    }

    List<ModelMessage> messages(ContextState state) {
        List<ModelMessage> out = new ArrayList<>();
        int droppedRun = 0;
        for (ConversationMessage m : all) {
            if (exclude.contains(m.id())) {
                continue;
            }
            if (state.dropped().contains(m.id())) {
                droppedRun++;
                continue;
            }
            if (droppedRun > 0) {
                out.add(droppedNote(droppedRun));
                droppedRun = 0;
            }
            out.add(render(m, state));
        }
        if (droppedRun > 0) {
            out.add(droppedNote(droppedRun));
        }
        return out;
    }

    /** At least {@link #tokens}, without running the tokenizer (see {@link MessageTokens#upperBound}). */
    long upperBound(ContextState state) {
        long total = 0;
        for (ModelMessage m : messages(state)) {
            total += counter.upperBound(m);
        }
        return total;
    }

    long tokens(ContextState state) {
        long total = 0;
        for (ModelMessage m : messages(state)) {
            total += counter.count(m);
        }
        return total;
    }

    private static ModelMessage droppedNote(int count) {
        return new ModelMessage.User("[" + count + " earlier " + (count == 1 ? "message was" : "messages were")
                + " dropped here to fit the context (llm.safeZone); the rules and the current plan still hold]");
    }

    private ModelMessage render(ConversationMessage m, ContextState state) {
        if (!(m.message() instanceof ModelMessage.ToolResult r)) {
            return m.message();
        }
        if (state.superseded().contains(m.id())) {
            String path = callPath.getOrDefault(m.id(), Optional.empty()).orElse("the file");
            return new ModelMessage.ToolResult(r.callId(), r.toolName(), "[" + path + " as read at step "
                    + callStep.getOrDefault(m.id(), 0) + ": see the newest copy further down]", r.error());
        }
        if (state.cleared().contains(m.id())) {
            return cleared(r);
        }
        return r;
    }

    /** A cleared result as sent: its summary line in place of its content. */
    static ModelMessage.ToolResult cleared(ModelMessage.ToolResult r) {
        return new ModelMessage.ToolResult(r.callId(), r.toolName(), summary(r), r.error());
    }

    /** The result's first line (for read_file its header naming the file and lines) and its size. */
    static String summary(ModelMessage.ToolResult r) {
        String content = r.content();
        int end = content.indexOf('\n');
        String first = (end < 0 ? content : content.substring(0, end)).strip();
        if (first.length() > 160) {
            first = first.substring(0, 160) + "...";
        }
        long lines = content.isEmpty() ? 0 : content.chars().filter(c -> c == '\n').count() + 1;
        return "[" + r.toolName() + " result cleared to fit the context (" + lines + (lines == 1 ? " line" : " lines")
                + "); it began: " + first + "]";
    }
}
