package dev.agentls.cli;

import dev.agentls.agent.RunHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Messages from the terminal to a run's model (a denial's reason), read before its next model call; those sent before
 * the run's handle is known are held until it is.
 */
final class RunMessages implements Consumer<String> {

    private final List<String> held = new ArrayList<>();
    private RunHandle handle;

    synchronized void attach(RunHandle run) {
        handle = run;
        held.forEach(run::steer);
        held.clear();
    }

    @Override
    public synchronized void accept(String message) {
        if (handle == null) {
            held.add(message);
        } else {
            handle.steer(message);
        }
    }
}
