package dev.agentls.llm;

/**
 * Where a round's decoder puts the events it reads. It may refuse an event with a failure (the answer grew past its
 * size limit), which ends the round as any decoding failure does.
 */
@FunctionalInterface
interface EventSink {
    void accept(ModelEvent event) throws FailureException;
}
