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
 * ended runs, and the tokens and cost of all of them. Thread-safe; one run at a time appends to it. Whatever is sent
 * to the model is derived from it by a {@link RequestHistory}, never kept here, so pruning and de-duplication
 * (issue 12) change what is sent without losing what happened.
 */
public final class Conversation {

    private final String id;
    private final List<ConversationMessage> messages = new ArrayList<>();
    private final List<HistoryEntry> history = new ArrayList<>();
    private final List<RunRecord> runs = new ArrayList<>();
    private TokenUsage usage = TokenUsage.NONE;
    private BigDecimal cost = BigDecimal.ZERO;
    private boolean costKnown = true;

    public Conversation(String id) {
        this.id = Objects.requireNonNull(id, "id");
    }

    public String id() {
        return id;
    }

    /** Appends a message and returns it with its new id. */
    public synchronized ConversationMessage append(String runId, ModelMessage message) {
        ConversationMessage added = new ConversationMessage("m" + (messages.size() + 1), runId, message);
        messages.add(added);
        return added;
    }

    public synchronized List<ConversationMessage> messages() {
        return List.copyOf(messages);
    }

    public synchronized void record(HistoryEntry entry) {
        history.add(Objects.requireNonNull(entry, "entry"));
    }

    public synchronized List<HistoryEntry> history() {
        return List.copyOf(history);
    }

    /** Records an ended run and adds its usage and cost to the conversation's totals. */
    public synchronized void endRun(RunRecord run) {
        runs.add(Objects.requireNonNull(run, "run"));
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
}
