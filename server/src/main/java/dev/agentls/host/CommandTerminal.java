package dev.agentls.host;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A terminal of the watcher's (an ACP client's {@code terminal/*}) in which a run's approved commands run, so the user
 * watches them there. Cancelling the returned future kills the command and releases the terminal.
 */
public interface CommandTerminal {

    /** Runs {@code command} in a shell in {@code directory}; killed after {@code timeout}. */
    CompletableFuture<Result> run(String command, Path directory, Duration timeout);

    /** How the command ended; {@code exitCode} is -1 when it was killed or ended by a signal. */
    enum Ending { EXITED, TIMED_OUT }

    /** The command's end, its output as the terminal kept it ({@code truncated}: its start was dropped). */
    record Result(Ending ending, int exitCode, String output, boolean truncated, Duration elapsed) {}
}
