package dev.agentls.llm;

/**
 * Talks to one configured model. {@link #stream} returns at once; the call runs on the client's executor and streams
 * {@link ModelEvent}s to the listener until it ends, which {@link ModelCall#outcome()} reports. Retries (before the
 * first event only), continuation after an output limit and the timeouts happen inside; the consumer sees one
 * logical answer or one typed failure.
 */
public interface ModelClient extends AutoCloseable {

    ModelCall stream(ModelRequest request, ModelListener listener);

    /** Done with the client. Calls under way are not stopped. Nothing to do by default. */
    @Override
    default void close() {
    }
}
