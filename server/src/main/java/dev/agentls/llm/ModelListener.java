package dev.agentls.llm;

/**
 * Receives one call's events, in order, on the call's own thread. It should return quickly; a listener that throws
 * fails the call with a {@link ModelFailure.ProtocolError} naming the exception.
 */
@FunctionalInterface
public interface ModelListener {
    void onEvent(ModelEvent event);
}
