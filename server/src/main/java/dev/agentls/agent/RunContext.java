package dev.agentls.agent;

import dev.agentls.config.AgentLsSettings;
import dev.agentls.conversation.RequestHistory;
import dev.agentls.host.Host;
import dev.agentls.llm.ModelClient;
import dev.agentls.tools.ToolSet;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/** The long-lived collaborators every run of one {@link Agent} shares. */
record RunContext(AgentLsSettings settings, ModelClient model, ToolSet tools, Host host, List<Path> roots,
                  RequestHistory history, Clock clock, ProjectContext project) {
}
