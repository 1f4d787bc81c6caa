package dev.agentls.tools;

import dev.agentls.host.Host;
import java.util.Objects;

/**
 * What one tool call needs beyond the tool's own long-lived collaborators (which come by constructor): the host it
 * changes files and asks approval through, its cancellation signal, and the conversation its checkpoints belong to.
 */
public record ToolContext(Host host, Cancellation cancellation, String conversationId) {

    public ToolContext {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(cancellation, "cancellation");
        Objects.requireNonNull(conversationId, "conversationId");
    }
}
