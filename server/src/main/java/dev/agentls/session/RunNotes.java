package dev.agentls.session;

/** Where a run's side facts go for the user to read (an approval remembered, a choice that could not be kept). */
@FunctionalInterface
public interface RunNotes {
    void note(String text);
}
