package dev.agentls.session;

import dev.agentls.agent.Agent;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.LlmSettings;
import dev.agentls.agent.ProjectLayers;
import dev.agentls.conversation.Conversations;
import dev.agentls.agent.StoppedCallNote;
import dev.agentls.conversation.FileConversations;
import dev.agentls.conversation.InMemoryConversations;
import dev.agentls.conversation.ProjectRulesLoader;
import dev.agentls.outline.FileTexts;
import dev.agentls.outline.RepoMap;
import dev.agentls.outline.WorkspaceFileList;
import dev.agentls.outline.TokenCounter;
import dev.agentls.syntax.SyntaxParser;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.outline.TokenCounters;
import java.util.Optional;
import java.util.logging.Logger;
import dev.agentls.host.Host;
import dev.agentls.llm.ModelClient;
import dev.agentls.mcp.McpServers;
import dev.agentls.tools.ToolSet;
import dev.agentls.workspace.WorkspaceRoot;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Gives each workspace its agent: the session's tools (the same as {@code agentls.runTool}'s), its conversations
 * persisted under the first root, the project's rules files and a repo map kept current in the background in every
 * prompt, one token counter per model (so corrections from reported usage carry from run to run), and, for each run,
 * an {@link Agent} made from the settings in force with a model client for their {@code llm} section (kept while that
 * section stays the same, so its connections are reused).
 */
public final class WorkspaceAgents implements Agents.Factory {

    /**
     * Half the cores read the repo map, so the editor and its user keep the rest; but at least two: on a two-core
     * machine one thread took 163 s for spring-boot's map under a load of 11 (36 s of CPU), as each runnable thread
     * gets its share of a loaded machine, and the build is a one-off in the background.
     */
    private static final int MAP_PARALLELISM = Math.max(2, Runtime.getRuntime().availableProcessors() / 2);

    private final WorkspaceTools tools;
    private final Function<LlmSettings, ModelClient> models;
    private final Executor runs;
    private final Clock clock;
    private final McpWiring mcp;
    private final Function<Workspace, Executor> mapReading;
    private final SyntaxParser parser = new SyntaxParser();

    /**
     * @param models makes the model client for an {@code llm} section ({@code StreamingModelClient.forProduct})
     * @param runs   runs each run's loop
     */
    public WorkspaceAgents(WorkspaceTools tools, Function<LlmSettings, ModelClient> models, Executor runs, Clock clock) {
        this(tools, models, runs, clock, McpWiring.ofProcess(System.err));
    }

    /** @param mcp gives each session its MCP servers (started lazily by its runs, stopped when the session ends) */
    public WorkspaceAgents(WorkspaceTools tools, Function<LlmSettings, ModelClient> models, Executor runs, Clock clock,
                         McpWiring mcp) {
        this(tools, models, runs, clock, mcp, Workspace::background);
    }

    private WorkspaceAgents(WorkspaceTools tools, Function<LlmSettings, ModelClient> models, Executor runs,
                            Clock clock, McpWiring mcp, Function<Workspace, Executor> mapReading) {
        this.tools = tools;
        this.models = models;
        this.runs = runs;
        this.clock = clock;
        this.mcp = mcp;
        this.mapReading = mapReading;
    }

    /** The same, reading each workspace's repo map on {@code executor} (tests hold it to start a run before). */
    public WorkspaceAgents readingMapsOn(Executor executor) {
        return new WorkspaceAgents(tools, models, runs, clock, mcp, workspace -> executor);
    }

    /** What a session's runs share, built at its first run (or first conversation listing), not with the session. */
    private record SessionParts(ToolSet toolSet, Conversations conversations, ProjectLayers project) {}

    /** What only a run needs, made at the session's first run. */
    private SessionParts parts(Workspace workspace, List<Path> roots, Optional<RepoMap> map) {
        ToolSet toolSet = tools.toolSet(workspace);
        // Conversations persist under the first root, so a conversation outlives the server; a call a crash left
        // without a result is answered by what its tool can do.
        Conversations conversations = roots.isEmpty() ? new InMemoryConversations()
                : new FileConversations(roots.get(0), clock, new StoppedCallNote(toolSet));
        return new SessionParts(toolSet, conversations, new ProjectLayers(new ProjectRulesLoader(workspace.roots(),
                TokenCounter.estimate(), ProjectRulesLoader.DEFAULT_BUDGET), map,
                map.isPresent() ? ProjectLayers.DEFAULT_MAP_TOKENS : 0,
                Optional.of(new WorkspaceFileList(workspace.roots(), workspace.policy(),
                        WorkspaceFileList.DEFAULT_ENTRIES))));
    }

    /**
     * The session's repo map: read from the editor's open buffers first, then disk; built in the background once the
     * file index is (so the editor's initialize and the index's first walk come first), on part of the machine's
     * cores; kept current by the editor's file events and the agent's own writes (both reach the index), by the
     * workspace folders the editor adds or removes, and by every buffer change (read again once typing pauses, at the
     * latest before the next run).
     */
    private RepoMap repoMap(Workspace workspace, CompletableFuture<Void> read) {
        DocumentStore documents = workspace.documents();
        FileTexts texts = file -> {
            if (documents.isOpen(file)) {
                try {
                    String text = documents.snapshot(file).text();
                    return text.length() > RepoMap.MAX_FILE_BYTES ? Optional.empty() : Optional.of(text);
                } catch (RuntimeException closedMeanwhile) {
                    return FileTexts.DISK.read(file);
                }
            }
            return FileTexts.DISK.read(file);
        };
        RepoMap map = new RepoMap(workspace.roots(), parser, mapReading.apply(workspace), MAP_PARALLELISM,
                TokenCounter.estimate(), texts);
        workspace.index().listen((changed, deleted) -> map.onFilesChanged(changed, deleted));
        workspace.index().listenRoots(map::onRootsChanged);
        documents.listen(map::markChanged);
        workspace.index().firstBuilt().whenComplete((done, failed) -> {
            long started = System.nanoTime();
            // A line on stderr (the server's log) that says when the session's map is ready: scripts/bench-repomap
            // times the real server by it.
            map.start().thenRun(() -> {
                RepoMap.Stats built = map.stats();
                Logger.getLogger(WorkspaceAgents.class.getName()).info("repo map built: " + built.files() + " files, "
                        + built.parsed() + " parsed, in " + (System.nanoTime() - started) / 1_000_000 + " ms");
            }).whenComplete((built, problem) -> {
                if (problem == null) {
                    read.complete(null);
                } else {
                    read.completeExceptionally(problem);
                }
            });
        });
        return map;
    }

    @Override
    public Agents open(Workspace workspace) {
        List<Path> roots = workspace.roots().roots().stream().map(WorkspaceRoot::given).toList();
        // The repo map starts with the session (it builds in the background once the file index is ready); what
        // only a run needs is made at the first run.
        CompletableFuture<Void> mapRead = roots.isEmpty() ? CompletableFuture.completedFuture(null)
                : new CompletableFuture<>();
        Optional<RepoMap> map = roots.isEmpty() ? Optional.empty() : Optional.of(repoMap(workspace, mapRead));
        OnFirstUse<SessionParts> parts = new OnFirstUse<>(() -> parts(workspace, roots, map));
        McpServers servers = mcp.servers(roots);
        // One counter per model for the session: what an estimate learns from a run's reported usage holds after it.
        TokenCounters counters = new TokenCounters();
        return new Agents() {
            private LlmSettings modelSettings;
            private ModelClient model;

            @Override
            public Agent agent(AgentLsSettings settings, Host host, String runId) {
                // Each run gets the standard tools and, gathered on its own thread as its prompt is built, the MCP
                // servers' tools (started, and trusted through the run's host, when first needed).
                SessionParts session = parts.get();
                ToolSet runTools = McpWiring.toolsFor(session.toolSet().tools(), servers, settings, host);
                // The rules and the map are fitted in the tokens of the run's model, as the history is counted.
                TokenCounter counter = counters.forModel(settings.llm().model());
                return new Agent(settings, modelFor(settings.llm()), runTools, host, roots, session.conversations(),
                        Agent.historyFor(settings.llm(), counter), runs, clock,
                        () -> runId).withProjectContext(session.project().countingWith(counter));
            }

            private synchronized ModelClient modelFor(LlmSettings llm) {
                if (!llm.equals(modelSettings)) {
                    model = models.apply(llm);
                    modelSettings = llm;
                }
                return model;
            }

            @Override
            public Conversations conversations() {
                return parts.get().conversations();
            }

            @Override
            public void startMcpServers(AgentLsSettings settings) {
                // Reading the servers' configuration makes Jackson mappers: off the caller's thread.
                if (mcp.configured(roots, settings)) {
                    CompletableFuture.runAsync(() -> servers.startTrusted(settings.mcp()), workspace.background());
                }
            }

            @Override
            public CompletableFuture<Void> repoMapRead() {
                return mapRead;
            }

            @Override
            public String mcpServers(AgentLsSettings settings) {
                return McpWiring.status(servers, settings).toString();
            }

            @Override
            public void close() {
                servers.close();
            }
        };
    }
}
