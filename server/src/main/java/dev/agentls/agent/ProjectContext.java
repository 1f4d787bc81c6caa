package dev.agentls.agent;

/**
 * The project layers of a run's prompt (issue 12): the project's rules and a repo map, as text placed after the
 * fixed system layers. Asked once when a run starts, so every request of the run keeps the same byte-identical
 * prefix; {@link #NONE} adds nothing.
 */
@FunctionalInterface
public interface ProjectContext {

    ProjectContext NONE = request -> "";

    /** The layers for a run of {@code request}; empty for none. */
    String layers(RunRequest request);
}
