package dev.agentls.cli;

import dev.agentls.agent.Agent;
import dev.agentls.conversation.Conversations;
import dev.agentls.agent.StoppedCallNote;
import dev.agentls.conversation.FileConversations;
import dev.agentls.session.Agents;
import dev.agentls.session.McpWiring;
import dev.agentls.session.Workspace;
import dev.agentls.tools.Tool;
import dev.agentls.agent.ProjectLayers;
import dev.agentls.conversation.ProjectRulesLoader;
import dev.agentls.outline.RepoMap;
import dev.agentls.outline.WorkspaceFileList;
import dev.agentls.outline.TokenCounter;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.host.Host;
import dev.agentls.mcp.McpServers;
import dev.agentls.syntax.SyntaxParser;
import dev.agentls.threads.DaemonThreads;
import dev.agentls.tools.ToolSet;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileIndex;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The headless wiring of one agent over one workspace folder, as {@code agentls run} uses it: the real tools over a
 * warm file index with checkpoints, the product's streaming model client, conversations persisted under
 * {@code .agentls/conversations/}, the project's rules and repo map in the prompt (the map once it is read: no run
 * waits for it), and the given host. The index and the map are read once the first run's first call leaves the
 * machine idle or needs them, so nothing but that request's own work is on its way. Owns the threads it starts (all daemons);
 * {@link #close} stops them.
 */
final class AgentWorkspace implements Agents, AutoCloseable {
    /**
     * A first request whose model sent nothing for this long is waiting for a first token (a hosted model's 0.3-3 s):
     * the set-up the request does not need starts then, on idle cores. Longer than a local or replayed model's first
     * event (tens of ms), so that one's answer is read and stated without the set-up beside it.
     */
    private static final Duration QUIET_MODEL = Duration.ofMillis(200);
    private static final int SEARCH_PARALLELISM = Math.max(1, Runtime.getRuntime().availableProcessors());

    private final Workspace workspace;
    private final List<Tool> tools;
    private final Conversations conversations;
    private final ProjectLayers project;
    private final ExecutorService runs = DaemonThreads.pool("agentls-run");

    private final ExecutorService background = DaemonThreads.pool("agentls-workspace");
    private final ScheduledExecutorService timers = DaemonThreads.timer("agentls-command");
    private final DocumentStore documents = new DocumentStore();
    /** The workspace's MCP servers, being made; null when none is configured. */
    private final CompletableFuture<McpServers> mcpServers;
    private final Agent agent;
    private final PendingModelClient model;
    private final FileIndex index;
    private final RepoMap map;
    private final TokenCounter tokens;
    private final AtomicBoolean reading = new AtomicBoolean();
    /** Completes when the repo map's first build is done. */
    private final CompletableFuture<Void> mapRead = new CompletableFuture<>();

    /** @param host how the runs change files and ask the user; given the document store the tools read through */
    AgentWorkspace(Path root, AgentLsSettings settings, McpWiring mcp,
                   java.util.function.Function<DocumentStore, Host> host) {
        this(root, settings, mcp, host, null);
    }

    /**
     * @param mapReading where the repo map is read; {@code null}: this workspace's own background threads (tests give
     *                   one they hold, to start a run before the map is read)
     */
    AgentWorkspace(Path root, AgentLsSettings settings, McpWiring mcp,
                   java.util.function.Function<DocumentStore, Host> host, Executor mapReading) {
        this(root, settings, mcp, host, mapReading, QUIET_MODEL);
    }

    /**
     * @param quietModel how long the first call's model may send nothing before the set-up it does not need starts
     *                   (tests give a long one, so a slow first event on a loaded machine does not start it)
     */
    AgentWorkspace(Path root, AgentLsSettings settings, McpWiring mcp,
                   java.util.function.Function<DocumentStore, Host> host, Executor mapReading, Duration quietModel) {
        // The model client (the process's first Jackson mapper, okhttp's classes: about a third of the set-up before
        // the first request) is built on a background thread while this one builds the tools and the run's prompt:
        // they are independent, and only the first request waits for the client (PendingModelClient).
        model = new PendingModelClient(CompletableFuture.supplyAsync(
                () -> ProcessWiring.models(background).apply(settings.llm()), background), quietModel, timers);
        // The editor's workspace and tools, built by the same code with the same constants; checkpoints on disk.
        workspace = Workspace.open(List.of(root), documents, background, Clock.systemUTC(), () -> { });
        index = workspace.index();
        var roots = workspace.roots();
        SyntaxParser parser = new SyntaxParser();
        ToolSet tools = ProcessWiring.tools(System.getenv(), List.of(settings.llm().apiKeyEnv()), timers, background)
                .toolSet(workspace);
        this.tools = tools.tools();
        // The project layers: rules files, and a repo map read in the background. No run waits for it: a request
        // made before it is read says so and shows a bounded file list instead; the map joins the run as a message.
        // Both are fitted to their budgets in the model's tokens, as an editor session's are; rules and a map that
        // fit by their byte bound are not counted, so the first request loads no encoding (0.3 s of CPU).
        tokens = TokenCounter.forModel(settings.llm().model());
        map = new RepoMap(roots, parser, mapReading == null ? background : mapReading, SEARCH_PARALLELISM, tokens);
        project = new ProjectLayers(
                new ProjectRulesLoader(roots, tokens, ProjectRulesLoader.DEFAULT_BUDGET),
                Optional.of(map), ProjectLayers.DEFAULT_MAP_TOKENS,
                Optional.of(new WorkspaceFileList(roots, workspace.policy(), WorkspaceFileList.DEFAULT_ENTRIES)));
        Host runHost = host.apply(documents);
        // MCP servers: their tools join the standard ones when the run builds its prompt (a project's entries trusted
        // through the host then); they stop when this workspace closes. Servers that need no question (the user's,
        // the settings', a project's already trusted) start at once, beside the rest of the set-up, on a background
        // thread (reading their configuration makes Jackson mappers): the first request needs their tools, and a
        // server's own start (a JVM or node process, about a second) would otherwise begin only when the run builds
        // that request. A project's entry not yet trusted is still asked about by the run. With none configured (no
        // file, no settings: two stats) nothing of MCP is made at all.
        ToolSet runTools;
        if (mcp.configured(List.of(root), settings)) {
            mcpServers = CompletableFuture.supplyAsync(() -> mcp.servers(List.of(root)), background);
            mcpServers.thenAcceptAsync(servers -> servers.startTrusted(settings.mcp()), background);
            runTools = McpWiring.toolsFor(tools.tools(), mcpServers, settings, runHost);
        } else {
            mcpServers = null;
            runTools = tools;
        }
        // A call a crash left without a result is answered, on load, by what its tool can do.
        conversations = new FileConversations(root, Clock.systemUTC(), new StoppedCallNote(tools));
        agent = new Agent(settings, model, runTools, runHost, List.of(root), conversations,
                Agent.historyFor(settings.llm(), tokens), runs, Clock.systemUTC(),
                dev.agentls.conversation.RandomIds::uuid)
                .withProjectContext(project);
        // What no first request needs (the file index: the tools' searches wait for it; the repo map: a request made
        // before it is read goes without it, the run's later requests carry it; the encoding's load after the map)
        // starts when the first call leaves the machine idle or needs it (PendingModelClient.idleForSetUp): the
        // answer begins a tool call, or has not begun after QUIET_MODEL. Not at the answer's first text: the run
        // thread is then reading it and stating run_started, and on two cores the set-up's threads and their JIT
        // work would delay that (BENCHMARKS.md, session 7, branch h36); nor at the end of a first answer without a
        // tool call, which ends the run (session 8). Started on the thread that reports it, before
        // a tool call goes on: only scheduling happens there, and it is done before any tool of that answer runs.
        model.idleForSetUp().thenRun(this::startReading);
    }

    /**
     * Starts the file index and the repo map (then the encoding's load), once: the first run's first call does (see
     * the constructor), or a caller that wants the map read before any run ({@link #mapRead}).
     */
    private void startReading() {
        if (!reading.compareAndSet(false, true)) {
            return;
        }
        index.start();
        map.start().whenComplete((done, failed) -> {
            if (failed == null) {
                mapRead.complete(null);
            } else {
                mapRead.completeExceptionally(failed);
            }
        });
        mapRead.thenRunAsync(() -> tokens.count("the encoding loads here, not in a later request that shows the map"),
                background);
    }

    /** An agent over the host given at construction, with run ids of its own (the SDK's way). */
    Agent agent() {
        return agent;
    }

    /** The conversations its runs continue, persisted under the folder. */
    Conversations conversations() {
        return conversations;
    }

    /** This workspace's parts, as the session core runs on them. */
    Workspace workspace() {
        return workspace;
    }

    @Override
    public Agent agent(AgentLsSettings settings, Host host, String runId) {
        ToolSet runTools = mcpServers == null ? new ToolSet(tools)
                : McpWiring.toolsFor(tools, mcpServers, settings, host);
        return new Agent(settings, model, runTools, host, workspace.rootPaths(), conversations,
                Agent.historyFor(settings.llm(), tokens), runs, Clock.systemUTC(), () -> runId)
                .withProjectContext(project);
    }

    @Override
    public List<String> conversationIds() {
        return conversations.ids();
    }

    /**
     * Completes when the repo map's first build is done (the runs' requests from then on carry it). Starts the reading
     * now if no run's first call has yet: a caller waiting for the map wants it before its first run.
     */
    CompletableFuture<Void> mapRead() {
        startReading();
        return mapRead;
    }

    @Override
    public void close() {
        // What the model client still holds for its log is published before the process ends.
        model.close();
        // Stopped now, or as soon as they are made (closed servers start nothing more).
        if (mcpServers != null) {
            mcpServers.thenAccept(McpServers::close);
        }
        background.shutdownNow();
        timers.shutdownNow();
        runs.shutdownNow();
    }
}
