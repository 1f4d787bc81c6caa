package dev.agentls.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * One {@code agentls} child process over real OS pipes: its stdout and stderr read on threads of their own as they
 * come (so a chatty child never blocks on a full pipe; a stdout carrying a protocol is left to the test), its stdin a pipe the test holds or closes, its end waited for
 * with a bound. Every failure it raises names the command and carries the child's stderr; closing it kills the child
 * and every process the child started.
 */
public final class AgentProcess implements AutoCloseable {

    private static final Duration READERS_DRAIN = Duration.ofSeconds(10);

    private final String name;
    private final Process process;
    private final StringBuilder stdout = new StringBuilder();
    private final StringBuilder stderr = new StringBuilder();
    private final List<Thread> readers = new ArrayList<>();
    private final boolean protocolOnStdout;

    private AgentProcess(String name, Process process, Consumer<String> stdoutLines, boolean protocolOnStdout) {
        this.name = name;
        this.process = process;
        this.protocolOnStdout = protocolOnStdout;
        if (!protocolOnStdout) {
            readers.add(reader(process.getInputStream(), stdout, stdoutLines, "stdout"));
        }
        readers.add(reader(process.getErrorStream(), stderr, line -> { }, "stderr"));
    }

    /** What a child ended with: its exit status and all it wrote. */
    public record Ended(int status, String stdout, String stderr) {}

    /** The process id, for a signal the test sends itself. */
    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Its stdin, a pipe this test holds (unless it was given its input at start). */
    public OutputStream stdin() {
        return process.getOutputStream();
    }

    /**
     * Its stdout as the raw pipe, for a child started with {@link Builder#protocolOnStdout()}: the test reads the
     * protocol (LSP frames) itself; nothing of it is kept for {@link #stdout()}.
     */
    public InputStream protocolOut() {
        if (!protocolOnStdout) {
            throw new IllegalStateException(name + ": its stdout is read by the fixture; start it with"
                    + " protocolOnStdout() to read the pipe");
        }
        return process.getInputStream();
    }

    /** The processes it started and theirs, as they are now. */
    public Stream<ProcessHandle> descendants() {
        return process.descendants();
    }

    /** Writes {@code text} to its stdin, as a user types it. */
    public void type(String text) throws IOException {
        OutputStream in = stdin();
        in.write(text.getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** Closes its stdin: the end of the user's input. */
    public void closeInput() throws IOException {
        stdin().close();
    }

    /** What it wrote to stdout so far. */
    public String stdout() {
        synchronized (stdout) {
            return stdout.toString();
        }
    }

    /** What it wrote to stderr so far. */
    public String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    /**
     * Waits until its stderr holds what {@code shown} accepts; fails, with the stderr, if the child ends first or
     * {@code within} passes. Woken by each read, never by a timer.
     */
    public String awaitStderr(Predicate<String> shown, Duration within) throws InterruptedException {
        return await(stderr, "stderr", shown, within);
    }

    /** As {@link #awaitStderr}, on stdout. */
    public String awaitStdout(Predicate<String> shown, Duration within) throws InterruptedException {
        return await(stdout, "stdout", shown, within);
    }

    /**
     * Waits (at most {@code within}) for it to end and for its pipes to be read to their end; a child still running
     * then is killed with its process tree and the test fails, naming the command and showing its stderr.
     */
    public Ended finish(Duration within) throws InterruptedException {
        return endOrKill(within).orElseThrow(() -> new AssertionError(name + " did not end within " + shown(within)
                + "; stderr:\n" + stderr()));
    }

    /**
     * As {@link #finish}, for a test whose verdict covers a child past its limit: such a child is killed with its
     * process tree and nothing is answered.
     */
    public Optional<Ended> endOrKill(Duration within) throws InterruptedException {
        if (!process.waitFor(within.toMillis(), TimeUnit.MILLISECONDS)) {
            killTree();
            process.waitFor(10, TimeUnit.SECONDS);
            return Optional.empty();
        }
        for (Thread reader : readers) {
            // A grandchild that outlived it may hold a pipe open: its output is not waited for past this bound.
            reader.join(READERS_DRAIN.toMillis());
        }
        return Optional.of(new Ended(process.exitValue(), stdout(), stderr()));
    }

    /** Sends it the signal {@code name} ({@code INT}, {@code KILL}) with kill(1), as a user or the OS does. */
    public void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).redirectErrorStream(true)
                .start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            kill.destroyForcibly();
            throw new AssertionError("kill -" + name + " " + this + " failed: "
                    + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** Kills it and every process it started, at once (SIGKILL). */
    public void killTree() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** Kills what is still running of it; a child that ended is left as it is. */
    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            killTree();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Override
    public String toString() {
        return name + " (pid " + process.pid() + ")";
    }

    private String await(StringBuilder output, String which, Predicate<String> shown, Duration within)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        synchronized (output) {
            while (!shown.test(output.toString())) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !process.isAlive() && readersDone()) {
                    throw new AssertionError(name + (left <= 0 ? " did not show what was awaited on " + which
                            + " within " + shown(within) : " ended (status " + process.exitValue()
                            + ") before showing what was awaited on " + which) + "; stdout:\n" + stdout()
                            + "\nstderr:\n" + stderr());
                }
                // Bounded so that a child ending (which no read announces) is noticed.
                output.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 200)));
            }
            return output.toString();
        }
    }

    private static String shown(Duration bound) {
        return bound.toMillis() % 1000 == 0 ? bound.toSeconds() + " s" : bound.toMillis() + " ms";
    }

    private boolean readersDone() {
        return readers.stream().noneMatch(Thread::isAlive);
    }

    private Thread reader(InputStream stream, StringBuilder into, Consumer<String> lines, String which) {
        Thread thread = new Thread(() -> {
            StringBuilder line = new StringBuilder();
            char[] buffer = new char[8192];
            try (Reader in = new InputStreamReader(stream, StandardCharsets.UTF_8)) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    synchronized (into) {
                        into.append(buffer, 0, n);
                        into.notifyAll();
                    }
                    for (int i = 0; i < n; i++) {
                        if (buffer[i] == '\n') {
                            lines.accept(line.toString());
                            line.setLength(0);
                        } else {
                            line.append(buffer[i]);
                        }
                    }
                }
                if (!line.isEmpty()) {
                    lines.accept(line.toString());
                }
            } catch (IOException e) {
                synchronized (into) {
                    into.append("<").append(which).append(" unreadable: ").append(e).append(">");
                }
            } finally {
                synchronized (into) {
                    into.notifyAll();
                }
            }
        }, "agentls-child-" + which);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** How to start one child: the command, its folder, its environment, its input. */
    public static final class Builder {

        private AgentCommand command;
        private final Consumer<AgentProcess> started;
        private final List<String> args = new ArrayList<>();
        private final Map<String, String> environment;
        private Path directory;
        private String input;
        private Consumer<String> stdoutLines = line -> { };
        private boolean protocolOnStdout;
        private boolean sigintAtDefault;
        private final List<String> unset = new ArrayList<>();

        Builder(AgentCommand command, Map<String, String> environment, List<String> args,
                Consumer<AgentProcess> started) {
            this.command = command;
            this.environment = environment;
            this.args.addAll(args);
            this.started = started;
        }

        /** More arguments after those given. */
        public Builder args(String... more) {
            args.addAll(List.of(more));
            return this;
        }

        /** Flags for the child JVM ({@code -XX:TieredStopAtLevel=1}); the packaged launcher has its own. */
        public Builder jvm(String... flags) {
            if (!(command instanceof AgentCommand.TestClasspath classpath)) {
                throw new IllegalStateException("the packaged launcher takes JVM flags from AGENTLS_JAVA_OPTS");
            }
            List<String> all = new ArrayList<>(classpath.jvmFlags());
            all.addAll(List.of(flags));
            command = new AgentCommand.TestClasspath(classpath.home(), all);
            return this;
        }

        /** Its working directory (the test JVM's by default). */
        public Builder in(Path folder) {
            this.directory = folder;
            return this;
        }

        public Builder env(String name, String value) {
            environment.put(name, value);
            unset.remove(name);
            return this;
        }

        public Builder env(Map<String, String> more) {
            environment.putAll(more);
            unset.removeAll(more.keySet());
            return this;
        }

        /** Leaves {@code name} out of its environment, whether the fixture or the test JVM would pass it. */
        public Builder unsetEnv(String name) {
            environment.remove(name);
            unset.add(name);
            return this;
        }

        /** Its whole input: written to its stdin, which is then closed. Without it, the test holds stdin open. */
        public Builder input(String text) {
            this.input = text;
            return this;
        }

        /** Each line of its stdout as it comes, beside the whole kept for {@link AgentProcess#stdout()}. */
        public Builder onStdoutLine(Consumer<String> each) {
            this.stdoutLines = each;
            return this;
        }

        /** Its stdout carries a protocol the test reads raw ({@link AgentProcess#protocolOut()}), as an editor does. */
        public Builder protocolOnStdout() {
            this.protocolOnStdout = true;
            return this;
        }

        /**
         * SIGINT at its default in the child, as under a terminal: a JVM leaves a SIGINT it inherited ignored (as a
         * background test run's children do) ignored, so python3 puts the default back before it execs the command.
         */
        public Builder sigintAtDefault() {
            this.sigintAtDefault = true;
            return this;
        }

        public AgentProcess start() throws IOException {
            List<String> line = new ArrayList<>();
            if (sigintAtDefault) {
                line.addAll(List.of("python3", "-c", "import os, signal, sys; signal.signal(signal.SIGINT,"
                        + " signal.SIG_DFL); os.execvp(sys.argv[1], sys.argv[1:])"));
            }
            line.addAll(command.line(args));
            ProcessBuilder builder = new ProcessBuilder(line);
            if (directory != null) {
                builder.directory(directory.toFile());
            }
            builder.environment().putAll(environment);
            unset.forEach(builder.environment()::remove);
            AgentProcess child = new AgentProcess(command.name() + " " + String.join(" ", args), builder.start(),
                    stdoutLines, protocolOnStdout);
            started.accept(child);
            if (input != null) {
                try (OutputStream in = child.stdin()) {
                    in.write(input.getBytes(StandardCharsets.UTF_8));
                }
            }
            return child;
        }
    }
}
