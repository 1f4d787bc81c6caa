package dev.agentls.session;

import dev.agentls.agent.Agent;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.conversation.Conversations;
import dev.agentls.conversation.InMemoryConversations;
import dev.agentls.host.Host;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The agent of one workspace: holding its tools and its conversations, and making each run's {@link Agent} from the
 * settings in force when the run starts, whichever front door started it.
 */
public interface Agents {

    /**
     * The agent one run starts on: the settings in force, the run's own host (its approvals and questions go to the
     * editor with the run's id), and the run's id, which the session chose.
     *
     * @throws IllegalStateException when this session has no agent; the message says why
     */
    Agent agent(AgentLsSettings settings, Host host, String runId);

    /** The conversations this session's runs continue. */
    Conversations conversations();

    /** The ids of the conversations this session's runs can continue, oldest first. */
    default List<String> conversationIds() {
        return conversations().ids();
    }

    /**
     * Starts now the MCP servers that need no question (the user's, the settings', a project's already trusted), so
     * a server's own start (a JVM or node process, about a second) overlaps the set-up instead of delaying the first
     * request; nothing when none can be configured.
     */
    default void startMcpServers(AgentLsSettings settings) {
    }

    /** Completes when the workspace's repo map has first been read: a run started after carries it from its start. */
    default CompletableFuture<Void> repoMapRead() {
        return CompletableFuture.completedFuture(null);
    }

    /**
     * The session's MCP servers, their state and tools, as JSON text {@code {"servers": [...], "problems": [...]}}
     * ({@code agentls.mcp}); nothing is started by asking.
     */
    default String mcpServers(AgentLsSettings settings) {
        return "{\"servers\":[],\"problems\":[]}";
    }

    /** Ends what the session's agents keep running (MCP servers); called when the session ends. */
    default void close() {
    }

    /** Builds a session's agents over its workspace. */
    @FunctionalInterface
    interface Factory {
        Agents open(Workspace workspace);
    }

    String NO_AGENT = "this server was started without an agent (no model is wired)";

    /** For a server started without an agent: every run is refused with {@link #NO_AGENT}. */
    Factory NONE = workspace -> new Agents() {
        @Override
        public Agent agent(AgentLsSettings settings, Host host, String runId) {
            throw new IllegalStateException(NO_AGENT);
        }

        @Override
        public Conversations conversations() {
            return new InMemoryConversations();
        }
    };
}
