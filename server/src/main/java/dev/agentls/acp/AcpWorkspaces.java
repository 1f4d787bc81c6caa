package dev.agentls.acp;

import dev.agentls.agent.Agent;
import dev.agentls.host.Host;
import dev.agentls.workspace.DocumentStore;
import java.nio.file.Path;
import java.util.function.BiFunction;

/** How the front door gets an agent over a folder; the composition root implements it. */
public interface AcpWorkspaces {

    /**
     * Opens the agent over {@code root}; its runs change files and ask through the host that {@code host} makes of
     * the workspace's documents and the host that writes to disk.
     */
    Opened open(Path root, BiFunction<DocumentStore, Host, Host> host);

    /** An open workspace: its agent, and how to stop what it started. */
    record Opened(Agent agent, Runnable close) {}
}
