package dev.agentls.agent;

/**
 * The project layers of a run's prompt: the project's rules and a repo map (or a file list), as text placed after the
 * fixed system layers. Asked once when a run starts and kept for the run, so every request of the run has the same
 * byte-identical prefix; while the layers are not {@link Layers#complete complete} (a repo map still being read) the
 * run asks again before each later request, and what {@link #arrived} joins the history as a message. {@link #NONE}
 * adds nothing.
 */
@FunctionalInterface
public interface ProjectContext {

    ProjectContext NONE = request -> "";

    /** The layers for a run of {@code request}; empty for none. */
    String layers(RunRequest request);

    /**
     * The layers for a run of {@code request} as they are now, and whether they are final: layers that wait for
     * nothing are (the default); a repo map still being read is not, and a later request of the run asks again.
     */
    default Layers current(RunRequest request) {
        return new Layers(layers(request), true);
    }

    /**
     * What was missing from the layers a run started with ({@link Layers#complete} false), now that it is ready, as a
     * message for the run's history; empty when nothing arrived.
     */
    default String arrived(RunRequest request) {
        return "";
    }

    /**
     * The project layers' text, and whether it is final for the run ({@code false}: something in it, the repo map,
     * was not ready and a later request may have it).
     */
    record Layers(String text, boolean complete) {}
}
