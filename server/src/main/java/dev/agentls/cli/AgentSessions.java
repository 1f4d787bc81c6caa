package dev.agentls.cli;

import dev.agentls.agent.Agent;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.LlmSettings;
import dev.agentls.agent.ProjectLayers;
import dev.agentls.conversation.Conversations;
import dev.agentls.conversation.FileConversations;
import dev.agentls.conversation.InMemoryConversations;
import dev.agentls.conversation.ProjectRulesLoader;
import dev.agentls.outline.TokenCounter;
import dev.agentls.outline.TokenCounters;
import java.util.Optional;
import dev.agentls.host.Host;
import dev.agentls.llm.ModelClient;
import dev.agentls.lsp.SessionAgents;
import dev.agentls.lsp.SessionTools;
import dev.agentls.tools.ToolSet;
import dev.agentls.workspace.WorkspaceRoot;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Gives each LSP session its agent: the session's tools (the same as {@code agentls.runTool}'s), its conversations
 * persisted under the first root, the project's rules files in every prompt, and, for each run, an {@link Agent} made from the settings in force with a model client for their
 * {@code llm} section (kept while that section stays the same, so its connections are reused).
 */
public final class AgentSessions implements SessionAgents.Factory {

    private final ToolSessions tools;
    private final Function<LlmSettings, ModelClient> models;
    private final Executor runs;
    private final Clock clock;

    /**
     * @param models makes the model client for an {@code llm} section ({@code StreamingModelClient.forProduct})
     * @param runs   runs each run's loop
     */
    public AgentSessions(ToolSessions tools, Function<LlmSettings, ModelClient> models, Executor runs, Clock clock) {
        this.tools = tools;
        this.models = models;
        this.runs = runs;
        this.clock = clock;
    }

    @Override
    public SessionAgents open(SessionTools.Workspace workspace) {
        ToolSet toolSet = tools.toolSet(workspace);
        List<Path> roots = workspace.roots().roots().stream().map(WorkspaceRoot::given).toList();
        // Conversations persist under the first root (issue 12), so a conversation outlives the server.
        Conversations conversations = roots.isEmpty() ? new InMemoryConversations()
                : new FileConversations(roots.get(0), clock);
        ProjectLayers project = new ProjectLayers(new ProjectRulesLoader(workspace.roots(), TokenCounter.estimate(),
                ProjectRulesLoader.DEFAULT_BUDGET), Optional.empty(), 0);
        // One counter per model for the session: what an estimate learns from a run's reported usage holds after it.
        TokenCounters counters = new TokenCounters();
        return new SessionAgents() {
            private LlmSettings modelSettings;
            private ModelClient model;

            @Override
            public Agent agent(AgentLsSettings settings, Host host, String runId) {
                return new Agent(settings, modelFor(settings.llm()), toolSet, host, roots, conversations,
                        Agent.historyFor(settings.llm(), counters.forModel(settings.llm().model())), runs, clock, () -> runId).withProjectContext(project);
            }

            private synchronized ModelClient modelFor(LlmSettings llm) {
                if (!llm.equals(modelSettings)) {
                    model = models.apply(llm);
                    modelSettings = llm;
                }
                return model;
            }

            @Override
            public List<String> conversationIds() {
                return conversations.ids();
            }
        };
    }
}
