package dev.agentls.threads;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;

/**
 * Named daemon threads: the process's own work (runs, timers, readers, background reading) never keeps it alive once
 * its front door is done, and a thread dump names what each thread is for.
 */
public final class DaemonThreads {

    private DaemonThreads() {}

    /** Makes daemon threads called {@code name}. */
    public static ThreadFactory named(String name) {
        return work -> thread(name, work);
    }

    /** A daemon thread called {@code name} that will do {@code work}; not started. */
    public static Thread thread(String name, Runnable work) {
        Thread thread = new Thread(work, name);
        thread.setDaemon(true);
        return thread;
    }

    /** A pool growing with the work, of daemon threads called {@code name}. */
    public static ExecutorService pool(String name) {
        return Executors.newCachedThreadPool(named(name));
    }

    /** One daemon thread called {@code name} for delayed and repeated work. */
    public static ScheduledExecutorService timer(String name) {
        return Executors.newSingleThreadScheduledExecutor(named(name));
    }
}
