package dev.agentls.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.FileHandler;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Where a terminal run's log records go: {@code $XDG_STATE_HOME/agentls/agentls.log} (or
 * {@code ~/.local/state/agentls/agentls.log}), never the terminal, whose lines belong to the live view and the
 * questions. java.util.logging's console handler is removed; SLF4J records (okhttp, the MCP SDK) reach the same file
 * through {@link JulSlf4jProvider}. It remembers whether anything at WARNING or above was logged, so the run can say
 * where to look, once.
 */
final class LogFile {

    private final Path path;
    private final AtomicBoolean warned = new AtomicBoolean();

    private LogFile(Path path) {
        this.path = path;
    }

    /** The log file's place for this environment; {@code home} is used when XDG_STATE_HOME is unset. */
    static Path place(Map<String, String> env, String home) {
        String state = env.get("XDG_STATE_HOME");
        Path base = state != null && !state.isBlank() ? Path.of(state)
                : Path.of(env.getOrDefault("HOME", home), ".local", "state");
        return base.resolve("agentls").resolve("agentls.log");
    }

    /**
     * Sends every java.util.logging record to the file at {@code path} instead of the console. When the file cannot
     * be opened the records are dropped rather than shown: a log line in the middle of an answer helps nobody.
     */
    static LogFile install(Path path) {
        LogFile log = new LogFile(path);
        Logger root = LogManager.getLogManager().getLogger("");
        for (Handler handler : root.getHandlers()) {
            root.removeHandler(handler);
        }
        root.setLevel(Level.INFO);
        try {
            Files.createDirectories(path.getParent());
            FileHandler file = new FileHandler(path.toString(), true);
            file.setFormatter(new SimpleFormatter());
            root.addHandler(file);
        } catch (IOException | RuntimeException e) {
            // Unwritable state folder: the notice below still says where the log was meant to go.
        }
        root.addHandler(log.new WarningSeen());
        return log;
    }

    Path path() {
        return path;
    }

    /** The one line telling where warnings were logged, when any were. */
    Optional<String> notice() {
        return warned.get() ? Optional.of("agentls: warnings were logged to " + path) : Optional.empty();
    }

    /** Notes that a record at WARNING or above was logged. */
    private final class WarningSeen extends Handler {
        @Override
        public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                warned.set(true);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
