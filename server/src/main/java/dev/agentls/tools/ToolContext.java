package dev.agentls.tools;

import dev.agentls.host.Host;
import java.util.Objects;

/**
 * What one tool call needs beyond the tool's own long-lived collaborators (which come by constructor): the host it
 * changes files and asks approval through, its cancellation signal, the conversation its checkpoints belong to, the
 * edit sub-agent {@code edit_file} falls back on (a run's model; none outside a run), and the conversation's past
 * calls, which say what the model has read ({@link PastCalls#BY_HAND} outside a run).
 */
public record ToolContext(Host host, Cancellation cancellation, String conversationId, EditSubAgent editSubAgent,
                          PastCalls pastCalls) {

    public ToolContext {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(cancellation, "cancellation");
        Objects.requireNonNull(conversationId, "conversationId");
        Objects.requireNonNull(editSubAgent, "editSubAgent");
        Objects.requireNonNull(pastCalls, "pastCalls");
    }

    /** A context for calls a user makes by hand, with an edit sub-agent. */
    public ToolContext(Host host, Cancellation cancellation, String conversationId, EditSubAgent editSubAgent) {
        this(host, cancellation, conversationId, editSubAgent, PastCalls.BY_HAND);
    }

    /** A context with no edit sub-agent, for calls made without a model ({@code agentls.runTool}, tests). */
    public ToolContext(Host host, Cancellation cancellation, String conversationId) {
        this(host, cancellation, conversationId, EditSubAgent.NONE);
    }
}
