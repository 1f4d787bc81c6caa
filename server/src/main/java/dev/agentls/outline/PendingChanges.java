package dev.agentls.outline;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The repo map's files that an event named and that are not read yet. An editor reports every keystroke, so a file is
 * read once however many events came meanwhile: in the background, and at the latest before the next map
 * ({@link #drain}). One drain runs at a time, so a map asked for while a background drain is under way waits for it.
 */
final class PendingChanges {

    private final Set<Path> pending = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean draining = new AtomicBoolean();
    private final Executor executor;
    private final Consumer<Path> read;

    /** @param read reads one changed file into the map (called under the drain's lock, one file at a time) */
    PendingChanges(Executor executor, Consumer<Path> read) {
        this.executor = executor;
        this.read = read;
    }

    /** Notes that a file changed (any thread, returns at once) and makes sure a background drain will read it. */
    void add(Path file) {
        pending.add(file);
        if (draining.compareAndSet(false, true)) {
            try {
                executor.execute(this::drainInBackground);
            } catch (RuntimeException rejected) {
                draining.set(false); // the executor is shut down: the next map reads them
            }
        }
    }

    /** Notes the files and reads them on the executor; the future completes when they (and any waiting) are read. */
    CompletableFuture<Void> addAndDrain(Collection<Path> files) {
        pending.addAll(files);
        return CompletableFuture.runAsync(this::drain, executor);
    }

    private void drainInBackground() {
        try {
            drain();
        } finally {
            draining.set(false);
            if (!pending.isEmpty()) {
                add(pending.iterator().next());
            }
        }
    }

    /** Reads the files waiting, on the calling thread. */
    void drain() {
        synchronized (pending) {
            for (Path file : List.copyOf(pending)) {
                if (pending.remove(file)) {
                    read.accept(file);
                }
            }
        }
    }
}
