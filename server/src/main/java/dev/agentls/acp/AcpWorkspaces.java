package dev.agentls.acp;

import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.AgentListener;
import dev.agentls.agent.RunHandle;
import dev.agentls.agent.RunRequest;
import dev.agentls.conversation.Conversations;
import dev.agentls.host.Host;
import dev.agentls.workspace.DocumentStore;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;

/** How the front door gets an agent over a folder; the composition root implements it. */
public interface AcpWorkspaces {

    /**
     * Opens the agent over {@code root}; its runs change files and ask through the host that {@code host} makes of
     * the workspace's documents and the host that writes to disk.
     */
    Opened open(Path root, BiFunction<DocumentStore, Host, Host> host);

    /** An open workspace: its agent, and how to stop what it started. */
    record Opened(AgentRuns agent, Runnable close) {}

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
