package dev.agentls.tools.command;

import dev.agentls.tools.Cancellation;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one command line with {@code bash -c} in a folder, stdin empty, stderr merged into stdout, bounded in time and
 * captured output. On timeout or cancellation it kills the whole process tree (the shell and every descendant it
 * started). The command dies with the agent, even a {@code kill -9} of it: it runs in its own process group under a
 * small watchdog shell that reads a pipe only this process writes to, and kills that group when the pipe closes
 * (the JVM cannot put a child in its own session or ask the kernel to signal it when its parent dies). The child's environment comes from a {@link CommandEnvironment}: the API key variables the settings name,
 * any variable holding their values, and variables named like secrets are kept out, and the output is scrubbed of
 * the key values as a last line of defence. Pagers and prompts are turned off so nothing waits for a terminal.
 */
public final class CommandRunner {

    /** How long a command may run, how much of its output is kept, and how long to wait for output after exit. */
    public record Limits(Duration timeout, int headBytes, int tailBytes, Duration drainGrace) {
        public Limits {
            Objects.requireNonNull(timeout, "timeout");
            Objects.requireNonNull(drainGrace, "drainGrace");
            if (timeout.isNegative() || timeout.isZero() || headBytes < 0 || tailBytes < 0) {
                throw new IllegalArgumentException("limits must be positive");
            }
        }

        /** Two minutes, 16 KiB of head and 16 KiB of tail, two seconds for background output after exit. */
        public static Limits defaults() {
            return new Limits(Duration.ofMinutes(2), 16 * 1024, 16 * 1024, Duration.ofSeconds(2));
        }
    }

    /** How a run ended. */
    public enum Ending { EXITED, TIMED_OUT, CANCELLED }

    /**
     * The result of a run. {@code exitCode} is the shell's (-1 when it was killed); {@code output} is head and tail
     * of stdout and stderr merged; {@code outputStillOpen} when background processes kept the output open after the
     * shell exited (their later output is not captured).
     */
    public record Outcome(Ending ending, int exitCode, String output, long outputBytes, long omittedBytes,
                          boolean outputStillOpen, Duration elapsed) {}

    /**
     * The watchdog, run as {@code bash -c WATCHDOG agentls-command COMMAND} with its stdin a pipe from this process:
     * the command starts as a job of its own process group ({@code set -m}; bash and POSIX shells on Linux and macOS
     * alike) with stdin empty, and a watcher waits for the pipe's end of file, which comes when this process closes
     * it or dies, to kill that group. When the command ends first the watcher goes and its exit status is passed on.
     * The watchdog's own stderr is dropped (the command keeps the real one as fd 4): with job control on, bash may
     * report the job's end ("[1]+ Done") there, which is not the command's output.
     */
    static final String WATCHDOG = """
            exec 3<&0 </dev/null 4>&2 2>/dev/null
            set -m
            bash -c "$1" 3<&- 2>&4 4>&- &
            cmd=$!
            set +m
            ( while read -r -u 3 _; do :; done; kill -KILL -- "-$cmd" ) >/dev/null 2>&1 &
            watch=$!
            wait "$cmd"; status=$?
            kill "$watch" 2>/dev/null
            exit "$status"
            """;

    private final String shell;
    private final Limits limits;
    private final CommandEnvironment environment;
    private final ScheduledExecutorService scheduler;
    private final Executor readers;

    /** A runner whose commands inherit this process's environment, with no key variable named by settings. */
    public CommandRunner(String shell, Limits limits, ScheduledExecutorService scheduler, Executor readers) {
        this(shell, limits, CommandEnvironment.ofProcess(), scheduler, readers);
    }

    /**
     * @param environment what commands inherit and which key variables they never see
     * @param scheduler runs the time limit and the output grace period
     * @param readers runs one blocking output reader per command
     */
    public CommandRunner(String shell, Limits limits, CommandEnvironment environment,
                         ScheduledExecutorService scheduler, Executor readers) {
        this.shell = Objects.requireNonNull(shell, "shell");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.environment = Objects.requireNonNull(environment, "environment");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.readers = Objects.requireNonNull(readers, "readers");
    }

    public Limits limits() {
        return limits;
    }

    /** Starts the command; the future fails only when the shell cannot be started at all. */
    public CompletableFuture<Outcome> run(String command, Path directory, Cancellation cancellation) {
        ProcessBuilder builder = new ProcessBuilder(List.of(shell, "-c", WATCHDOG.replace("bash -c", shell + " -c"),
                "agentls-command", command))
                .directory(directory.toFile())
                .redirectErrorStream(true);
        CommandEnvironment.Prepared prepared = environment.prepare();
        builder.environment().clear();
        builder.environment().putAll(prepared.environment());
        long started = System.nanoTime();
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
        OutputCapture capture = new OutputCapture(limits.headBytes(), limits.tailBytes());
        CompletableFuture<Void> drained = CompletableFuture.runAsync(() -> capture.drain(process.getInputStream()),
                readers);
        AtomicReference<Ending> ending = new AtomicReference<>(Ending.EXITED);
        ScheduledFuture<?> timer = scheduler.schedule(() -> {
            if (ending.compareAndSet(Ending.EXITED, Ending.TIMED_OUT)) {
                kill(process);
            }
        }, limits.timeout().toMillis(), TimeUnit.MILLISECONDS);
        Runnable onCancel = () -> {
            if (ending.compareAndSet(Ending.EXITED, Ending.CANCELLED)) {
                kill(process);
            }
        };
        cancellation.onCancel(onCancel);
        return process.onExit().thenCompose(exited -> {
            timer.cancel(false);
            cancellation.remove(onCancel);
            CompletableFuture<Boolean> drainedInTime = new CompletableFuture<>();
            drained.whenComplete((ignored, error) -> drainedInTime.complete(true));
            scheduler.schedule(() -> drainedInTime.complete(false), limits.drainGrace().toMillis(),
                    TimeUnit.MILLISECONDS);
            return drainedInTime;
        }).thenApply(complete -> new Outcome(ending.get(),
                ending.get() == Ending.EXITED ? process.exitValue() : -1,
                prepared.scrub(capture.text()), capture.totalBytes(), capture.omittedBytes(), !complete,
                Duration.ofNanos(System.nanoTime() - started)));
    }

    /** Closes the watchdog's pipe (it kills the command's group) and kills the tree as this process sees it. */
    private static void kill(Process process) {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // Already closed: the tree is killed below either way.
        }
        killTree(process.toHandle());
    }

    /**
     * Kills a process and every descendant. The descendants are listed before the parent dies, since once it is gone
     * its children are re-parented and can no longer be found from it.
     */
    static void killTree(ProcessHandle process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
        // A child may have forked between the listing and the kill: look once more from each survivor.
        descendants.stream().filter(ProcessHandle::isAlive)
                .forEach(h -> h.descendants().forEach(ProcessHandle::destroyForcibly));
    }
}
