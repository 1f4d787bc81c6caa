package dev.agentls.acp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.AgentListener;
import dev.agentls.agent.RunHandle;
import dev.agentls.agent.RunRequest;
import dev.agentls.conversation.Conversations;
import dev.agentls.host.Host;
import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.DocumentStore;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/** How the front door gets an agent over a folder, and the folder's conversations; the composition root fills it. */
public interface AcpWorkspaces {

    /**
     * Opens the agent over {@code root}; its runs change files and ask through the host that {@code host} makes of
     * the workspace's documents and the host that writes to disk.
     *
     * @param clientMcpServers the client's MCP servers in the shape of {@code agentls.mcp.servers} (name to entry),
     *                         to join the workspace's own as the settings' entries do; empty for none
     */
    Opened open(Path root, Optional<ObjectNode> clientMcpServers, BiFunction<DocumentStore, Host, Host> host);

    /** The conversations under {@code root}, oldest first, whichever process made them. */
    List<Listed> conversations(Path root);

    /** Deletes the conversation {@code id} under {@code root}; false when there was none. */
    boolean delete(Path root, String id);

    /** An open workspace: its agent, its checkpoints (for undo), and how to stop what it started. */
    record Opened(AgentRuns agent, CheckpointStore checkpoints, Runnable close) {}

    /** One conversation as a session list shows it; {@code updated} is when it last changed, when known. */
    record Listed(String id, String title, Optional<Instant> updated) {}

    /**
     * The agent of an open workspace as its sessions use it: runs start through the run core (numbered, with their
     * transcripts, under the workspace's approval policy), so this door shows runs and does nothing else with them.
     */
    interface AgentRuns {

        /**
         * Starts a run; {@code listener} hears its events.
         *
         * @throws IllegalArgumentException when the request names an unknown conversation
         * @throws IllegalStateException when its conversation has a run under way
         */
        RunHandle run(RunRequest request, AgentListener listener);

        /** Prunes the conversation by hand: one event per pruning. */
        List<AgentEvent.ContextPruned> compact(String conversationId);

        Conversations conversations();
    }
}
