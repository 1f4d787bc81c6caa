package dev.agentls.tools;

import java.util.ArrayList;
import java.util.List;

/**
 * A one-way cancellation signal for one tool call (or one run): once cancelled it stays cancelled, and every listener
 * registered before or after runs exactly once. Owned by whoever started the call; tools only listen.
 */
public final class Cancellation {

    private final List<Runnable> listeners = new ArrayList<>();
    private boolean cancelled;

    /** A signal that is never cancelled, for calls nobody can cancel. */
    public static Cancellation none() {
        return new Cancellation();
    }

    public void cancel() {
        List<Runnable> toRun;
        synchronized (this) {
            if (cancelled) {
                return;
            }
            cancelled = true;
            toRun = List.copyOf(listeners);
            listeners.clear();
        }
        toRun.forEach(Runnable::run);
    }

    public synchronized boolean isCancelled() {
        return cancelled;
    }

    /** Runs {@code listener} when cancelled, at once if already cancelled. */
    public void onCancel(Runnable listener) {
        synchronized (this) {
            if (!cancelled) {
                listeners.add(listener);
                return;
            }
        }
        listener.run();
    }

    /** Forgets a listener whose work is done, so a long-lived signal does not keep finished calls alive. */
    public synchronized void remove(Runnable listener) {
        listeners.remove(listener);
    }
}
