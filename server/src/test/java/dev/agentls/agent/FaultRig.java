package dev.agentls.agent;

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
import dev.agentls.config.ToolMode;
import dev.agentls.conversation.InMemoryConversations;
import dev.agentls.conversation.RequestHistory;
import dev.agentls.edit.lazy.LazyMerger;
import dev.agentls.llm.StreamingModelClient;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.Transcript;
import dev.agentls.outline.Outliner;
import dev.agentls.syntax.SyntaxParser;
import dev.agentls.tools.StandardTools;
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
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * One agent for one fault-injected run, wired as the product wires it (real tools, checkpoints, the terminal host's
 * atomic writes, the real streaming client on loopback), but with short limits so a fault costs little time: a
 * command times out after {@link #COMMAND_TIMEOUT}, a silent stream after a second, retries do not wait. The
 * executors are shared by every run of a test and owned by it.
 */
final class FaultRig implements AutoCloseable {

    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(1);

    final ReplayServer server;
    final Agent agent;

    FaultRig(Path root, Provider provider, ToolMode toolMode, Transcript transcript, ExecutorService executor,
             ScheduledExecutorService timers, long seed) throws IOException {
        DocumentStore documents = new DocumentStore();
        WorkspaceRoots roots = new WorkspaceRoots(List.of(root));
        PathPolicy policy = new PathPolicy();
        FileIndex index = new FileIndex(roots, policy, executor, Clock.systemUTC(), Duration.ofSeconds(2));
        index.start();
        WorkspaceFiles files = new WorkspaceFiles(roots, documents, policy, index,
                new CheckpointStore(Clock.systemUTC()));
        WorkspaceSearch search = new WorkspaceSearch(index, new GrepSearch(index, documents, executor, 1),
                new FileSearch(index), new DirectoryLister(policy), executor);
        SyntaxParser parser = new SyntaxParser();
        CommandRunner runner = new CommandRunner("bash", new CommandRunner.Limits(COMMAND_TIMEOUT, 4096, 4096,
                Duration.ofMillis(200)), timers, executor);
        ToolSet tools = StandardTools.create(files, search, new LazyMerger(parser), new Outliner(parser), runner,
                Path.of(System.getProperty("user.home")));
        server = ReplayServer.start(transcript, 0, executor, line -> { });
        URI base = provider == Provider.ANTHROPIC ? server.baseUrl() : URI.create(server.baseUrl() + "/v1");
        LlmSettings llm = new LlmSettings(provider, base, "test-model", "AGENTLS_TEST_KEY", toolMode, 1024, 128_000,
                new SafeZone.Fraction(0.8),
                new Timeouts(Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(1),
                        Duration.ofSeconds(2)),
                new RetryPolicy(3, Duration.ZERO, Duration.ZERO), 0, PriceTable.EMPTY, MaxTokensField.AUTO,
                LlmSettings.DEFAULT_MAX_ANSWER_CHARS, Thinking.OFF);
        StreamingModelClient model = new StreamingModelClient(llm, name -> null, Clock.systemUTC(),
                (delay, cancelled) -> { }, new Random(seed), executor);
        agent = new Agent(new AgentLsSettings(llm, new AgentSettings(12)), model, tools,
                TerminalHosts.headless(documents), List.of(root), new InMemoryConversations(),
                RequestHistory.whole(), executor, Clock.systemUTC(), () -> "run-" + seed);
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
