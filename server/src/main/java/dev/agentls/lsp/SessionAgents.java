package dev.agentls.lsp;

import dev.agentls.agent.Agent;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.host.Host;
import java.util.List;

/**
 * The agent as one session offers it to its editor ({@code agentls.run}). The composition root builds it, since this
 * package may not depend on the tools or the model clients: one per session, holding the session's tools and its
 * conversations, and making each run's {@link Agent} from the settings in force when the run starts.
 */
public interface SessionAgents {

    /**
     * The agent one run starts on: the settings in force, the run's own host (its approvals and questions go to the
     * editor with the run's id), and the run's id, which the session chose.
     *
     * @throws IllegalStateException when this session has no agent; the message says why
     */
    Agent agent(AgentLsSettings settings, Host host, String runId);

    /** The ids of the conversations this session's runs can continue, oldest first. */
    List<String> conversationIds();

    /** Builds a session's agents over its workspace. */
    @FunctionalInterface
    interface Factory {
        SessionAgents open(SessionTools.Workspace workspace);
    }

    String NO_AGENT = "this server was started without an agent (no model is wired)";

    /** For a server started without an agent: every run is refused with {@link #NO_AGENT}. */
    Factory NONE = workspace -> new SessionAgents() {
        @Override
        public Agent agent(AgentLsSettings settings, Host host, String runId) {
            throw new IllegalStateException(NO_AGENT);
        }

        @Override
        public List<String> conversationIds() {
            return List.of();
        }
    };
}
