package dev.agentls.cli;

import dev.agentls.session.WorkspaceTools;
import dev.agentls.tools.command.CommandEnvironment;
import dev.agentls.tools.command.CommandRunner;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;

/**
 * Builds the process-wide tool wiring: daemon threads for command timers and output readers, and commands that
 * inherit {@code environment} minus every API key variable in {@code keyVariables} (which the settings fill as
 * sessions take them into use).
 */
final class ToolSessionsWiring {

    private ToolSessionsWiring() {}

    static WorkspaceTools standard(Map<String, String> environment, Collection<String> keyVariables) {
        ThreadFactory daemons = runnable -> {
            Thread thread = new Thread(runnable, "agentls-command");
            thread.setDaemon(true);
            return thread;
        };
        ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(daemons);
        ExecutorService readers = Executors.newCachedThreadPool(daemons);
        CommandRunner runner = new CommandRunner("bash", CommandRunner.Limits.defaults(),
                new CommandEnvironment(environment, () -> List.copyOf(keyVariables)), timers, readers);
        return new WorkspaceTools(runner, Path.of(System.getProperty("user.home")));
    }
}
