package dev.agentls.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.cli.TerminalHosts;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.AgentSettings;
import dev.agentls.config.LlmSettings;
import dev.agentls.config.MaxTokensField;
import dev.agentls.config.PriceTable;
import dev.agentls.config.Provider;
import dev.agentls.config.RetryPolicy;
import dev.agentls.config.SafeZone;
import dev.agentls.config.Thinking;
import dev.agentls.config.Timeouts;
import dev.agentls.conversation.Conversations;
import dev.agentls.conversation.InMemoryConversations;
import dev.agentls.conversation.RequestHistory;
import dev.agentls.edit.lazy.LazyMerger;
import dev.agentls.llm.StreamingModelClient;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.outline.Outliner;
import dev.agentls.syntax.SyntaxParser;
import dev.agentls.tools.StandardTools;
import dev.agentls.tools.TestWorkspace;
import dev.agentls.tools.ToolSet;
import dev.agentls.tools.WorkspaceFiles;
import dev.agentls.tools.WorkspaceSearch;
import dev.agentls.tools.command.CommandRunner;
import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.DirectoryLister;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileIndex;
import dev.agentls.workspace.FileSearch;
import dev.agentls.workspace.GrepSearch;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One agent wired as the product wires it, on a temp copy of {@code test-workspaces/demo}: the real tools, checkpoints
 * and atomic writes of the terminal host, the real streaming model client talking to a {@link ReplayServer} on
 * loopback that serves a {@link ModelScript}, and a {@link ScriptedHost} answering approvals and questions.
 */
final class AgentHarness implements AutoCloseable {

    final Path root;
    final ScriptedHost host;
    final CheckpointStore checkpoints;
    final ReplayServer server;
    final Agent agent;
    final List<AgentEvent> events = new CopyOnWriteArrayList<>();
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
    private final FileIndex index;
    private final AgentLsSettings settings;
    private final StreamingModelClient model;
    private final ToolSet tools;
    private final RequestHistory history;

    AgentHarness(Path temp, ModelScript script, AgentSettings agentSettings, PriceTable prices) throws IOException {
        this(temp, script, agentSettings, prices, RequestHistory.whole());
    }

    AgentHarness(Path temp, ModelScript script, AgentSettings agentSettings, PriceTable prices,
                 RequestHistory history) throws IOException {
        this(temp, script, agentSettings, prices, history, null);
    }

    /** With conversations made for the workspace root ({@code null}: in memory, ids conversation-1, -2...). */
    AgentHarness(Path temp, ModelScript script, AgentSettings agentSettings, PriceTable prices,
                 RequestHistory history, java.util.function.Function<Path, Conversations> conversationsAt)
            throws IOException {
        root = TestWorkspace.copy("demo", temp);
        DocumentStore documents = new DocumentStore();
        host = new ScriptedHost(TerminalHosts.headless(documents));
        WorkspaceRoots roots = new WorkspaceRoots(List.of(root));
        PathPolicy policy = new PathPolicy();
        index = new FileIndex(roots, policy, executor, Clock.systemUTC(), Duration.ofSeconds(2));
        index.start();
        checkpoints = new CheckpointStore(Clock.systemUTC());
        WorkspaceFiles files = new WorkspaceFiles(roots, documents, policy, index, checkpoints);
        WorkspaceSearch search = new WorkspaceSearch(index, new GrepSearch(index, documents, executor, 2),
                new FileSearch(index), new DirectoryLister(policy), executor);
        SyntaxParser parser = new SyntaxParser();
        CommandRunner runner = new CommandRunner("bash", CommandRunner.Limits.defaults(), timers, executor);
        ToolSet tools = StandardTools.create(files, search, new LazyMerger(parser), new Outliner(parser), runner,
                Path.of(System.getProperty("user.home")));
        server = ReplayServer.start(script.transcript(), 0, executor, line -> { });
        URI base = script.provider == Provider.ANTHROPIC ? server.baseUrl()
                : URI.create(server.baseUrl() + "/v1");
        LlmSettings llm = new LlmSettings(script.provider, base, "test-model", "AGENTLS_TEST_KEY", script.toolMode,
                1024, 128_000, new SafeZone.Fraction(0.8),
                new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(20), Duration.ofSeconds(20),
                        Duration.ofSeconds(30)),
                new RetryPolicy(2, Duration.ZERO, Duration.ZERO), 0, prices, MaxTokensField.AUTO,
                LlmSettings.DEFAULT_MAX_ANSWER_CHARS, Thinking.OFF);
        StreamingModelClient model = new StreamingModelClient(llm, name -> null, Clock.systemUTC(),
                (delay, cancelled) -> { }, new Random(1), executor);
        AtomicInteger runs = new AtomicInteger();
        AtomicInteger conversations = new AtomicInteger();
        settings = new AgentLsSettings(llm, agentSettings);
        this.model = model;
        this.tools = tools;
        this.history = history;
        agent = new Agent(settings, model, tools, host, List.of(root), conversationsAt != null
                ? conversationsAt.apply(root)
                : new InMemoryConversations(() -> "conversation-" + conversations.incrementAndGet()),
                history, executor, Clock.systemUTC(), () -> "run-" + runs.incrementAndGet());
    }

    AgentHarness(Path temp, ModelScript script) throws IOException {
        this(temp, script, AgentSettings.DEFAULTS, PriceTable.EMPTY);
    }

    /**
     * A second agent on the same workspace, model server and tools, with its own conversations and history, as a
     * restarted server would build it; its runs record their events here too.
     */
    Agent restarted(Conversations conversations, RequestHistory restartedHistory) {
        AtomicInteger runs = new AtomicInteger(100);
        return new Agent(settings, model, tools, host, List.of(root), conversations, restartedHistory, executor,
                Clock.systemUTC(), () -> "run-" + runs.incrementAndGet());
    }

    /** Starts a run recording its events. */
    RunHandle start(RunRequest request) {
        return agent.run(request, events::add);
    }

    /** Runs to the end and checks the stream's shape. */
    RunOutcome run(RunRequest request) throws Exception {
        RunOutcome outcome = start(request).outcome().get(60, TimeUnit.SECONDS);
        assertWellFormed();
        return outcome;
    }

    /** Seq from 0 without gaps, {@code run_started} first, exactly one {@code run_finished}, last. */
    void assertWellFormed() {
        for (int i = 0; i < events.size(); i++) {
            assertEquals(i, events.get(i).seq(), "seq of event " + i + " in " + types());
        }
        assertTrue(events.get(0) instanceof AgentEvent.RunStarted, "first event: " + types());
        assertEquals(1, events.stream().filter(AgentEvent.RunFinished.class::isInstance).count(), types().toString());
        assertTrue(events.get(events.size() - 1) instanceof AgentEvent.RunFinished, types().toString());
    }

    /** The event types in order, with consecutive text pieces as one {@code text}. */
    List<String> types() {
        List<String> types = new java.util.ArrayList<>();
        for (AgentEvent event : events) {
            String type = AgentEventJson.type(event);
            if ((type.equals("text") || type.equals("thinking")) && !types.isEmpty()
                    && types.get(types.size() - 1).equals(type)) {
                continue;
            }
            types.add(type);
        }
        return types;
    }

    <T extends AgentEvent> List<T> all(Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    String file(String relative) throws IOException {
        return Files.readString(root.resolve(relative));
    }

    /** The run's standard tools. */
    ToolSet tools() {
        return tools;
    }

        /** The bodies the model was sent, in order. */
    List<String> requestBodies() {
        return server.requests().stream().map(ReplayServer.Request::body).toList();
    }

    @Override
    public void close() throws IOException {
        server.close();
        executor.shutdownNow();
        timers.shutdownNow();
    }
}
