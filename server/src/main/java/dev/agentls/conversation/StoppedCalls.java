package dev.agentls.conversation;

import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ToolCall;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Answers the tool calls a crash left without a result. A conversation is saved with an answer's calls before they
 * run, so an agent killed during a step leaves calls no result follows, and both providers refuse such a history
 * (OpenAI: every assistant {@code tool_call} id must be followed by a tool message; Anthropic: every {@code tool_use}
 * by its {@code tool_result} in the next user message). On load each such call gets a result, placed right after its
 * answer's other results, saying the run stopped during it and what is known of its effect, and a history entry.
 */
public final class StoppedCalls {

    /** What the model reads for a call the agent stopped during. */
    @FunctionalInterface
    public interface Note {
        String about(ToolCall call);

        /** Knows nothing of the tools: the effect of any call is unknown. */
        Note UNKNOWN_EFFECT = call -> call.name() + ": no result: the agent stopped during this call (it was killed"
                + " or crashed) before its result was saved. Whether it took effect is not known: a call that changes"
                + " files or runs a command may have done so in part, so check (read the files it names) before"
                + " calling it again; a call that only reads changed nothing and can simply be made again.";
    }

    private final Note note;

    public StoppedCalls(Note note) {
        this.note = Objects.requireNonNull(note, "note");
    }

    /** {@code snapshot} with a result for every call that has none; {@code snapshot} itself when none lacks one. */
    public Conversation.Snapshot answer(Conversation.Snapshot snapshot, Instant now) {
        List<ConversationMessage> messages = snapshot.messages();
        List<ConversationMessage> out = new ArrayList<>(messages.size());
        List<HistoryEntry> history = new ArrayList<>(snapshot.history());
        boolean changed = false;
        for (int i = 0; i < messages.size(); i++) {
            ConversationMessage message = messages.get(i);
            out.add(message);
            if (!(message.message() instanceof ModelMessage.Assistant assistant)
                    || assistant.toolCalls().isEmpty()) {
                continue;
            }
            Map<String, ToolCall> unanswered = new LinkedHashMap<>();
            assistant.toolCalls().forEach(call -> unanswered.putIfAbsent(call.id(), call));
            while (i + 1 < messages.size() && messages.get(i + 1).message() instanceof ModelMessage.ToolResult r) {
                unanswered.remove(r.callId());
                out.add(messages.get(++i));
            }
            int k = 0;
            for (ToolCall call : unanswered.values()) {
                String text = note.about(call);
                out.add(new ConversationMessage(message.id() + "-stopped-" + (++k), message.runId(),
                        new ModelMessage.ToolResult(call.id(), call.name(), text, true)));
                history.add(new HistoryEntry(message.runId(), call.id(), call.name(), "", call.argumentsJson(), false,
                        text, now));
                changed = true;
            }
        }
        return changed ? new Conversation.Snapshot(snapshot.id(), snapshot.title(), out, history, snapshot.runs(),
                snapshot.context()) : snapshot;
    }
}
