package dev.agentls.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Numbers one run's events and hands them to its listener, one at a time and in order, whatever thread makes them
 * (the run's, or a model call's). Until {@link #start} states the mode, events are held, so {@code run_started} is
 * always first even when text streams before the first answer decides the mode; after {@link #finish} nothing more
 * is delivered.
 */
final class EventStream {

    /**
     * The logger, made at the first message: {@code java.util.logging}'s set-up (its configuration, the security
     * properties it checks) costs a fresh JVM ~20 ms, which a run that logs nothing should not pay on its way to the
     * first request (BENCHMARKS.md, {@code agentls run} to {@code run_started}).
     */
    private static final class Log {
        static final Logger LOG = Logger.getLogger(EventStream.class.getName());
    }

    private final String runId;
    private final String conversationId;
    private final AgentListener listener;
    private final List<LongFunction<AgentEvent>> held = new ArrayList<>();
    private long next;
    private boolean started;
    private boolean finished;

    EventStream(String runId, String conversationId, AgentListener listener) {
        this.runId = runId;
        this.conversationId = conversationId;
        this.listener = listener;
    }

    String runId() {
        return runId;
    }

    /** Sends {@code run_started} with the mode, then whatever was held. Only the first call counts. */
    synchronized void start(RunMode mode) {
        if (started) {
            return;
        }
        started = true;
        deliver(seq -> new AgentEvent.RunStarted(runId, seq, mode, conversationId));
        held.forEach(this::deliver);
        held.clear();
    }

    synchronized boolean started() {
        return started;
    }

    /** Sends an event made with its sequence number, or holds it until the mode is known. */
    synchronized void emit(LongFunction<AgentEvent> event) {
        if (finished) {
            return;
        }
        if (!started) {
            held.add(event);
        } else {
            deliver(event);
        }
    }

    /** Sends the one {@code run_finished} (starting the stream first if nothing decided the mode). */
    synchronized void finish(RunMode modeIfUnstarted, RunStatus status, String text) {
        if (finished) {
            return;
        }
        start(modeIfUnstarted);
        deliver(seq -> new AgentEvent.RunFinished(runId, seq, status, text));
        finished = true;
    }

    private void deliver(LongFunction<AgentEvent> make) {
        AgentEvent event = make.apply(next++);
        try {
            listener.onEvent(event);
        } catch (RuntimeException e) {
            Log.LOG.log(Level.WARNING, "an agent event listener failed on " + AgentEventJson.type(event), e);
        }
    }
}
