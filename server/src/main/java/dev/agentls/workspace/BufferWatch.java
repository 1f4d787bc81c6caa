package dev.agentls.workspace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Futures waiting for open buffers to move past a version. Futures are completed outside the lock, so what depends
 * on them never runs while a notification from the editor is held up.
 */
final class BufferWatch {

    private record Waiter(int after, CompletableFuture<Optional<String>> future) {}

    private final Map<Path, List<Waiter>> waiters = new HashMap<>();

    /**
     * Registers a wait for a version of {@code key} newer than {@code after}; {@code current} is read under the same
     * lock as {@link #changed}, so a change that lands meanwhile is either seen by it or completes the wait.
     */
    CompletableFuture<Optional<String>> await(Path key, int after, Supplier<Optional<Version>> current) {
        CompletableFuture<Optional<String>> future = new CompletableFuture<>();
        Optional<Version> now;
        synchronized (this) {
            now = current.get();
            if (now.isPresent() && now.get().number() <= after) {
                List<Waiter> list = waiters.computeIfAbsent(key, k -> new ArrayList<>());
                list.removeIf(w -> w.future().isDone());
                list.add(new Waiter(after, future));
                return future;
            }
        }
        future.complete(now.map(Version::text));
        return future;
    }

    /** A buffer's version and text, as the store holds it. */
    record Version(int number, String text) {}

    void changed(Path key, int version, String text) {
        List<Waiter> due = new ArrayList<>();
        synchronized (this) {
            List<Waiter> list = waiters.get(key);
            if (list == null) {
                return;
            }
            for (Iterator<Waiter> it = list.iterator(); it.hasNext(); ) {
                Waiter w = it.next();
                if (w.after() < version || w.future().isDone()) {
                    due.add(w);
                    it.remove();
                }
            }
            if (list.isEmpty()) {
                waiters.remove(key);
            }
        }
        due.forEach(w -> w.future().complete(Optional.of(text)));
    }

    void closed(Path key) {
        List<Waiter> due;
        synchronized (this) {
            due = waiters.remove(key);
        }
        if (due != null) {
            due.forEach(w -> w.future().complete(Optional.empty()));
        }
    }
}
