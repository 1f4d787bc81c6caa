package dev.agentls.tools;

import dev.agentls.host.Host;
import java.util.Objects;

/**
 * What one tool call needs beyond the tool's own long-lived collaborators (which come by constructor): the host it
 * changes files and asks approval through, its cancellation signal, the conversation its checkpoints belong to, and
 * the edit sub-agent {@code edit_file} falls back on (a run's model; none outside a run).
 */
public record ToolContext(Host host, Cancellation cancellation, String conversationId, EditSubAgent editSubAgent) {

    public ToolContext {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(cancellation, "cancellation");
        Objects.requireNonNull(conversationId, "conversationId");
        Objects.requireNonNull(editSubAgent, "editSubAgent");
    }

    /** A context with no edit sub-agent, for calls made without a model ({@code agentls.runTool}, tests). */
    public ToolContext(Host host, Cancellation cancellation, String conversationId) {
        this(host, cancellation, conversationId, EditSubAgent.NONE);
    }
}
