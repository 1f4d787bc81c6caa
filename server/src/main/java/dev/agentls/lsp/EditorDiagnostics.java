package dev.agentls.lsp;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The errors and warnings the editor's other language servers report for each file, as the client forwards them
 * ({@code agentls/diagnostics}), and the wait for them to settle after an edit: until every edited file the editor
 * reports on has a report newer than the edit and no further report came for a short quiet spell, at most a bounded
 * time; no wait at all for a kind of file no server has reported on. AgentLS's own diagnostics are never kept.
 */
final class EditorDiagnostics {

    /** One diagnostic: its 0-based line, severity (1 error, 2 warning), text and reporting server. */
    record Item(int line, int severity, String message, String source) {}

    /** The latest report of a file: its number in arrival order, its items (at most {@link #KEPT}), and its true size. */
    record Report(long seq, List<Item> items, int reported) {}

    /** Items kept per file: a flood is cut here, so comparing and storing stay cheap. */
    static final int KEPT = 500;
    static final String OWN_SOURCE = "agentls";

    private final ScheduledExecutorService timer;
    private final Duration settle;
    private final Duration quiet;
    private final Map<Path, Report> latest = new HashMap<>();
    private final Set<String> reportedKinds = new HashSet<>();
    private final List<Waiter> waiters = new ArrayList<>();
    private long seq;

    /**
     * @param settle the longest wait, after an edit, for the servers' reports
     * @param quiet  how long no further report must come, once every file has one, for the reports to count as settled
     */
    EditorDiagnostics(ScheduledExecutorService timer, Duration settle, Duration quiet) {
        this.timer = timer;
        this.settle = settle;
        this.quiet = quiet;
    }

    /** A client's report of one file; replaces the file's previous one. */
    void report(Path path, List<Item> items) {
        List<Item> kept = new ArrayList<>();
        int reported = 0;
        for (Item item : items) {
            if (item.severity() > 2 || OWN_SOURCE.equalsIgnoreCase(item.source())) {
                continue;
            }
            reported++;
            if (kept.size() < KEPT) {
                kept.add(item);
            }
        }
        List<Waiter> heard;
        synchronized (this) {
            latest.put(path, new Report(++seq, List.copyOf(kept), reported));
            reportedKinds.add(kind(path));
            heard = List.copyOf(waiters);
        }
        heard.forEach(waiter -> waiter.heard(path));
    }

    /** The number of the newest report so far: a wait counts only reports after it. */
    synchronized long mark() {
        return seq;
    }

    synchronized Optional<Report> current(Path path) {
        return Optional.ofNullable(latest.get(path));
    }

    /** Completes once the files' reports after {@code after} have settled, or at the bound; at once when none comes. */
    CompletableFuture<Void> settled(Set<Path> paths, long after) {
        Waiter waiter;
        synchronized (this) {
            Set<Path> awaited = new HashSet<>();
            for (Path path : paths) {
                if (reportedKinds.contains(kind(path))) {
                    awaited.add(path);
                }
            }
            if (awaited.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            waiter = new Waiter(awaited);
            for (Path path : paths) {
                Report report = latest.get(path);
                if (report != null && report.seq() > after) {
                    waiter.pending.remove(path);
                }
            }
            waiters.add(waiter);
        }
        waiter.done.whenComplete((ok, error) -> {
            synchronized (this) {
                waiters.remove(waiter);
            }
        });
        waiter.bound = timer.schedule(() -> waiter.done.complete(null), settle.toMillis(), TimeUnit.MILLISECONDS);
        waiter.check();
        return waiter.done;
    }

    /** Files are told apart by extension: a server that reported on one .py file reports on the next. */
    private static String kind(Path path) {
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? name : name.substring(dot);
    }

    private final class Waiter {
        final Set<Path> pending;
        final CompletableFuture<Void> done = new CompletableFuture<>();
        ScheduledFuture<?> bound;
        private ScheduledFuture<?> quietTimer;

        Waiter(Set<Path> awaited) {
            this.pending = new HashSet<>(awaited);
        }

        synchronized void heard(Path path) {
            pending.remove(path);
            check();
        }

        synchronized void check() {
            if (!pending.isEmpty() || done.isDone()) {
                return;
            }
            if (quietTimer != null) {
                quietTimer.cancel(false);
            }
            quietTimer = timer.schedule(() -> {
                done.complete(null);
                if (bound != null) {
                    bound.cancel(false);
                }
            }, quiet.toMillis(), TimeUnit.MILLISECONDS);
        }
    }
}
