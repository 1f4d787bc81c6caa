package dev.agentls.agent;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The blocking form of a run: its events as an iterator, ending after {@code run_finished}. {@link #next()} waits for
 * the next event; closing it before the end cancels the run. Read it on one thread.
 */
public final class RunEvents implements Iterator<AgentEvent>, AutoCloseable {

    private final LinkedBlockingQueue<AgentEvent> queue = new LinkedBlockingQueue<>();
    private RunHandle handle;
    private boolean done;

    RunEvents() {}

    /** The listener that fills this iterator; given to the run. */
    AgentListener sink() {
        return queue::add;
    }

    void attach(RunHandle handle) {
        this.handle = handle;
    }

    /** The run, to cancel or steer it while iterating. */
    public RunHandle handle() {
        return handle;
    }

    @Override
    public boolean hasNext() {
        return !done;
    }

    /** The next event, waiting for it; the last one is {@code run_finished}. */
    @Override
    public AgentEvent next() {
        if (done) {
            throw new NoSuchElementException("the run has finished");
        }
        AgentEvent event;
        try {
            event = queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            handle.cancel();
            throw new NoSuchElementException("interrupted while waiting for the run's next event; the run was"
                    + " cancelled");
        }
        if (event instanceof AgentEvent.RunFinished) {
            done = true;
        }
        return event;
    }

    /** Cancels the run if it has not finished. */
    @Override
    public void close() {
        if (!done) {
            handle.cancel();
        }
    }
}
