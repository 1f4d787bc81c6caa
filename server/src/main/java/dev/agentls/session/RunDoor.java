package dev.agentls.session;

import dev.agentls.agent.AgentListener;
import dev.agentls.agent.RunRequest;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import java.nio.file.Path;
import java.util.List;

/**
 * A front door's side of the runs it starts (the editor's, the terminal's): how a run lands changes and asks the
 * user there, and how its events are shown there. {@link Runs} does the rest, the same for every door.
 */
@FunctionalInterface
public interface RunDoor {

    /** Opens the door's side of run {@code runId}, before it starts. */
    Run open(String runId, RunRequest request);

    /** One run as a front door shows it; hears its events after the transcript has. */
    interface Run extends AgentListener {

        /**
         * How the run lands changes, asks and reports progress here; {@code notes} keeps side facts for the user,
         * {@code transcript} keeps a text in the transcript alone.
         */
        Host host(RunNotes notes, RunNotes transcript);

        /** A side fact for the user (an approval remembered); the transcript has it already. */
        default void note(String text) {
        }

        /** The transcript cannot be written; the run goes on. */
        default void warn(String problem) {
        }

        /** Changes applied, after the guard. */
        default void applied(List<FileChange> changes) {
        }

        /** The run is under way; its transcript is this file. */
        default void accepted(Path transcript) {
        }

        /** The run is over ({@code how}: "the run ended (failed)"): what it still waits for is withdrawn. */
        default void ended(String how) {
        }
    }
}
