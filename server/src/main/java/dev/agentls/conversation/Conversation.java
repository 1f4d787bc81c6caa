package dev.agentls.conversation;

import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.TokenUsage;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One conversation, held in memory: its messages in order (each with an id), the history of its tool calls, its
 * ended runs, the tokens and cost of all of them, a title, and the context decisions made for its requests (which
 * results were abbreviated or cleared, which turns dropped). Thread-safe; one run at a time appends to it. Whatever is
 * sent to the model is derived from it by a {@link RequestHistory}, never kept here, so pruning and de-duplication
 * change what is sent without losing what happened. Every change is passed to its {@link Listener} while the
 * conversation is locked, so a store that saves on each change writes the changes in the order they happened.
 */
public final class Conversation {

    /**
     * Told of every change, under the conversation's lock (a persisted store writes the file here). A tool call's
     * result and its history entry come through their own methods, so a store can append them instead of writing the
     * whole conversation once per call.
     */
    @FunctionalInterface
    public interface Listener {
        void changed(Conversation conversation);

        /** A message was appended; its text is in {@code added}. */
        default void appended(Conversation conversation, ConversationMessage added) {
            changed(conversation);
        }

        /** A tool call's history entry was recorded. */
        default void recorded(Conversation conversation, HistoryEntry entry) {
            changed(conversation);
        }

        Listener NONE = conversation -> { };
    }

    private final String id;
    private final Listener listener;
    private final List<ConversationMessage> messages = new ArrayList<>();
    private final List<HistoryEntry> history = new ArrayList<>();
    private final List<RunRecord> runs = new ArrayList<>();
    private String title = "";
    private ContextState context = ContextState.EMPTY;
    private TokenUsage usage = TokenUsage.NONE;
    private BigDecimal cost = BigDecimal.ZERO;
    private boolean costKnown = true;

    public Conversation(String id) {
        this(id, Listener.NONE);
    }

    public Conversation(String id, Listener listener) {
        this.id = Objects.requireNonNull(id, "id");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /** Everything a conversation holds, as a value (what a store saves and restores). */
    public record Snapshot(String id, String title, List<ConversationMessage> messages, List<HistoryEntry> history,
                           List<RunRecord> runs, ContextState context) {
        public Snapshot {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(title, "title");
            messages = List.copyOf(messages);
            history = List.copyOf(history);
            runs = List.copyOf(runs);
            Objects.requireNonNull(context, "context");
        }
    }

    /** A conversation holding exactly what {@code snapshot} holds; its usage and cost are its runs' totals. */
    public static Conversation restore(Snapshot snapshot, Listener listener) {
        Conversation conversation = new Conversation(snapshot.id(), listener);
        conversation.title = snapshot.title();
        conversation.messages.addAll(snapshot.messages());
        conversation.history.addAll(snapshot.history());
        conversation.context = snapshot.context();
        for (RunRecord run : snapshot.runs()) {
            conversation.addRun(run);
        }
        return conversation;
    }

    public synchronized Snapshot snapshot() {
        return new Snapshot(id, title, messages, history, runs, context);
    }

    public String id() {
        return id;
    }

    /** Appends a message and returns it with its new id. */
    public synchronized ConversationMessage append(String runId, ModelMessage message) {
        ConversationMessage added = new ConversationMessage("m" + (messages.size() + 1), runId, message);
        messages.add(added);
        listener.appended(this, added);
        return added;
    }

    public synchronized List<ConversationMessage> messages() {
        return List.copyOf(messages);
    }

    public synchronized void record(HistoryEntry entry) {
        history.add(Objects.requireNonNull(entry, "entry"));
        listener.recorded(this, entry);
    }

    public synchronized List<HistoryEntry> history() {
        return List.copyOf(history);
    }

    /** Records an ended run and adds its usage and cost to the conversation's totals. */
    public synchronized void endRun(RunRecord run) {
        addRun(Objects.requireNonNull(run, "run"));
        listener.changed(this);
    }

    private void addRun(RunRecord run) {
        runs.add(run);
        usage = usage.plus(run.usage());
        if (run.cost().isPresent()) {
            cost = cost.add(run.cost().get());
        } else if (!run.usage().equals(TokenUsage.NONE)) {
            costKnown = false;
        }
    }

    public synchronized List<RunRecord> runs() {
        return List.copyOf(runs);
    }

    public synchronized TokenUsage usage() {
        return usage;
    }

    /** The total cost of its runs; empty when a run that used tokens had no price. */
    public synchronized Optional<BigDecimal> cost() {
        return costKnown ? Optional.of(cost) : Optional.empty();
    }

    /** The name the user gave it; empty until renamed. */
    public synchronized String title() {
        return title;
    }

    public synchronized void rename(String newTitle) {
        title = Objects.requireNonNull(newTitle, "title").strip();
        listener.changed(this);
    }

    /** The context decisions made so far; kept so every later request repeats them (a stable prefix). */
    public synchronized ContextState context() {
        return context;
    }

    /** Replaces the context decisions (only ever by adding to them, so earlier requests' prefixes stay valid). */
    public synchronized void context(ContextState state) {
        // The same state object is the usual case (nothing pruned): no record equals, whose first call in a process
        // spins method handles (tens of ms before a run's first request).
        if (state != context && !state.equals(context)) {
            context = Objects.requireNonNull(state, "state");
            listener.changed(this);
        }
    }
}
