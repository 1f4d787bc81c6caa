package dev.agentls.llm;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The model client's log (the {@code java.util.logging} logger {@value StreamingModelClient#LOGGER}), made only when
 * the process can spare it. Making the first logger of a process sets up {@code java.util.logging}: its configuration,
 * the security properties, and a class-path scan for a logging backend that reads the whole shaded jar's directory,
 * ~30 ms of CPU that {@code agentls run} would otherwise spend beside its way to the first answer (BENCHMARKS.md,
 * session 8). Until the logger is made, records wait here in order, each with its own time and thread and its message
 * not yet built; when it is made they are published in that order, those below the logger's level dropped as the
 * logger drops any. Nothing is lost: the logger is made {@link #MAKE_AFTER} after the first record began to wait, before
 * a failed call's outcome is given ({@link #make()} from the call), and when the client closes.
 */
final class DeferredLog {

    /** How long a record may wait for the logger once the first one waits. */
    static final Duration MAKE_AFTER = Duration.ofMillis(250);

    private final String name;
    private final Executor executor;
    private final List<Waiting> waiting = new ArrayList<>();
    private volatile Logger logger;
    private boolean timed;

    private record Waiting(Level level, Supplier<String> message, Instant at, long thread) {}

    /** @param executor where the logger is made once a record has waited {@link #MAKE_AFTER} */
    DeferredLog(String name, Executor executor) {
        this.name = name;
        this.executor = executor;
    }

    void info(Supplier<String> message) {
        log(Level.INFO, message);
    }

    void fine(Supplier<String> message) {
        log(Level.FINE, message);
    }

    void finest(Supplier<String> message) {
        log(Level.FINEST, message);
    }

    /** Logs now when the logger is made, else keeps the record (its message is built only if it is published). */
    void log(Level level, Supplier<String> message) {
        Logger made = logger;
        if (made == null) {
            synchronized (this) {
                made = logger;
                if (made == null) {
                    waiting.add(new Waiting(level, message, Instant.now(), Thread.currentThread().getId()));
                    if (!timed) {
                        timed = true;
                        makeLater();
                    }
                    return;
                }
            }
        }
        made.logp(level, name, null, message);
    }

    /** Makes the logger now, if it is not made yet, and publishes what waited; on the caller's thread. */
    void make() {
        if (logger != null) {
            return;
        }
        synchronized (this) {
            if (logger != null) {
                return;
            }
            Logger made = Logger.getLogger(name);
            // Published under the lock: a record logged meanwhile waits for it, so the order is kept.
            for (Waiting record : waiting) {
                publish(made, record);
            }
            waiting.clear();
            logger = made;
        }
    }

    private void makeLater() {
        try {
            CompletableFuture.delayedExecutor(MAKE_AFTER.toMillis(), TimeUnit.MILLISECONDS, executor)
                    .execute(this::make);
        } catch (RejectedExecutionException e) {
            make();
        }
    }

    private void publish(Logger made, Waiting waited) {
        if (!made.isLoggable(waited.level())) {
            return;
        }
        LogRecord record = new LogRecord(waited.level(), waited.message().get());
        record.setLoggerName(name);
        record.setSourceClassName(name);
        record.setInstant(waited.at());
        record.setLongThreadID(waited.thread());
        made.log(record);
    }
}
