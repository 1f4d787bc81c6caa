package dev.agentls.cli;

import dev.agentls.config.LlmSettings;
import dev.agentls.llm.ModelClient;
import dev.agentls.llm.StreamingModelClient;
import dev.agentls.session.WorkspaceTools;
import dev.agentls.threads.DaemonThreads;
import dev.agentls.tools.command.CommandEnvironment;
import dev.agentls.tools.command.CommandRunner;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;

/**
 * The parts every front door's workspaces are built from, made one way with one set of constants: the command runner
 * (bash, the default limits, commands that inherit the environment minus every model key variable in
 * {@code keyVariables}, which the settings fill as they are taken into use), the tools over it, and the model client
 * of an {@code llm} section.
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
}
