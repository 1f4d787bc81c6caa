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
        Map<String, String> repeats = repeats(state);
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
            out.add(render(m, state, repeats));
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

    /**
     * Whole reads that repeat, byte for byte, the copy of their file sent whole before them (the file unchanged since),
     * by result id, with that copy's id: such a read is sent as a line pointing to that copy, so nothing earlier in
     * the request changes (as Claude Code answers a re-read of an unchanged file).
     */
    private Map<String, String> repeats(ContextState state) {
        Map<String, String> repeats = new java.util.HashMap<>();
        Map<String, String> whole = new java.util.HashMap<>();
        Map<String, String> content = new java.util.HashMap<>();
        for (ConversationMessage m : all) {
            if (!(m.message() instanceof ModelMessage.ToolResult r) || r.error() || exclude.contains(m.id())) {
                continue;
            }
            Optional<String> path = callPath.getOrDefault(m.id(), Optional.empty());
            if (path.isEmpty()) {
                continue;
            }
            boolean sentWhole = !state.superseded().contains(m.id()) && !state.cleared().contains(m.id())
                    && !state.dropped().contains(m.id());
            String holder = whole.get(path.get());
            if (sentWhole && holder != null && content.get(holder).equals(r.content())) {
                repeats.put(m.id(), holder);
            } else if (sentWhole) {
                whole.put(path.get(), m.id());
                content.put(m.id(), r.content());
            } else {
                whole.remove(path.get());
            }
        }
        return repeats;
    }

    private ModelMessage render(ConversationMessage m, ContextState state, Map<String, String> repeats) {
        if (!(m.message() instanceof ModelMessage.ToolResult r)) {
            return m.message();
        }
        if (repeats.containsKey(m.id()) && !state.superseded().contains(m.id())) {
            String path = callPath.getOrDefault(m.id(), Optional.empty()).orElse("the file");
            return new ModelMessage.ToolResult(r.callId(), r.toolName(), "[" + path + ": unchanged, the same as the"
                    + " copy read at step " + callStep.getOrDefault(repeats.get(m.id()), 0) + " above]", r.error());
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
