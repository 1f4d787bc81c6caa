package dev.agentls.cli;

import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.LlmSettings;
import dev.agentls.llm.ModelClient;
import dev.agentls.llm.StreamingModelClient;
import dev.agentls.session.Agents;
import dev.agentls.session.ApprovalPolicy;
import dev.agentls.session.McpWiring;
import dev.agentls.session.Runs;
import dev.agentls.session.Workspace;
import dev.agentls.session.WorkspaceAgents;
import dev.agentls.session.WorkspaceTools;
import dev.agentls.threads.DaemonThreads;
import dev.agentls.tools.command.CommandEnvironment;
import dev.agentls.tools.command.CommandRunner;
import dev.agentls.workspace.DocumentStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The parts every front door's workspaces are built from, made one way with one set of constants: the command runner
 * (bash, the default limits, commands that inherit the environment minus every model key variable in
 * {@code keyVariables}, which the settings fill as they are taken into use), the tools over it, and the model client
 * of an {@code llm} section; and the workspace of a headless front door ({@code run}, {@code chat}, {@code acp}).
 */
final class ProcessWiring {

    private static final String SHELL = "bash";

    private ProcessWiring() {}

    /** The tools of a long-lived process (the editor's server): the command threads live as long as it does. */
    static WorkspaceTools tools(Map<String, String> environment, Collection<String> keyVariables) {
        return tools(environment, keyVariables, DaemonThreads.timer("agentls-command"),
                DaemonThreads.pool("agentls-command"));
    }

    /** The tools whose commands are timed on {@code timers} and read on {@code readers}, which the caller stops. */
    static WorkspaceTools tools(Map<String, String> environment, Collection<String> keyVariables,
                                ScheduledExecutorService timers, Executor readers) {
        // Commands never inherit the variable holding the model's key, nor a copy of its value.
        CommandRunner runner = new CommandRunner(SHELL, CommandRunner.Limits.defaults(),
                new CommandEnvironment(environment, () -> List.copyOf(keyVariables)), timers, readers);
        return new WorkspaceTools(runner, Path.of(System.getProperty("user.home")));
    }

    /** The product's model client for an {@code llm} section; {@code executor} runs its calls. */
    static Function<LlmSettings, ModelClient> models(Executor executor) {
        return llm -> StreamingModelClient.forProduct(llm, executor);
    }

    /**
     * The session core's workspace and agents over one folder for a headless front door, made as an editor's are:
     * its index started (for {@code agentls run}, at the model's first answer), its repo map read in the background (no run waits for it: one arriving mid-run joins as a
     * message), and the MCP servers that need no question starting at once. Closing it stops the servers and the
     * threads it made.
     */
    record Headless(Workspace workspace, Agents agents, List<ExecutorService> threads) implements AutoCloseable {

        /** The runs of this workspace under {@code policy}, numbered after the transcripts under {@code home}. */
        Runs runs(Supplier<AgentLsSettings> settings, ApprovalPolicy policy, Path home) {
            return new Runs(agents, settings, workspace, policy, home, Runnable::run);
        }

        @Override
        public void close() {
            agents.close();
            threads.forEach(ExecutorService::shutdownNow);
        }
    }

    static Headless headless(Path root, AgentLsSettings settings, McpWiring mcp) {
        return headless(root, settings, mcp, UnaryOperator.identity(), false);
    }

    /**
     * As {@link #headless} for one run whose prompt is known at once ({@code agentls run}): the index starts at the
     * first answer ({@link IndexAtFirstAnswer}) unless the environment turns that off.
     */
    static Headless oneShot(Path root, AgentLsSettings settings, McpWiring mcp) {
        return headless(root, settings, mcp, UnaryOperator.identity(),
                !IndexAtFirstAnswer.turnedOff(System::getenv));
    }

    /**
     * @param adjust             changes the agents' wiring (tests read the repo map on an executor they hold)
     * @param indexAtFirstAnswer start the index at the first answer rather than now
     */
    static Headless headless(Path root, AgentLsSettings settings, McpWiring mcp,
                             UnaryOperator<WorkspaceAgents> adjust, boolean indexAtFirstAnswer) {
        ExecutorService background = DaemonThreads.pool("agentls-workspace");
        ScheduledExecutorService timers = DaemonThreads.timer("agentls-command");
        ExecutorService runs = DaemonThreads.pool("agentls-run");
        Workspace workspace = Workspace.open(List.of(root), new DocumentStore(), background, Clock.systemUTC(),
                () -> { });
        Function<LlmSettings, ModelClient> models = models(runs);
        if (indexAtFirstAnswer) {
            models = new IndexAtFirstAnswer(workspace.index()::start).models(models);
        } else {
            workspace.index().start();
        }
        WorkspaceTools tools = tools(System.getenv(), List.of(settings.llm().apiKeyEnv()), timers, background);
        Agents agents = adjust.apply(new WorkspaceAgents(tools, models, runs, Clock.systemUTC(), mcp))
                .open(workspace);
        agents.startMcpServers(settings);
        return new Headless(workspace, agents, List.of(background, timers, runs));
    }
}
