package dev.agentls.agent;

/**
 * Receives one run's events, in {@code seq} order, one at a time, on the run's thread. It should return quickly (a
 * slow listener slows the run); an exception it throws is logged and does not stop the run.
 */
@FunctionalInterface
public interface AgentListener {
    void onEvent(AgentEvent event);
}
