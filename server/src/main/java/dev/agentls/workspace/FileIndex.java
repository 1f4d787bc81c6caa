package dev.agentls.workspace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The warm file index of every root, built in the background at {@link #start()} on the injected executor and kept
 * current by {@link #onFilesChanged} (call it from {@code workspace/didChangeWatchedFiles}, and after a tool writes);
 * when no notification has arrived for {@code rescanAfter}, a query schedules a cheap rescan (a stat per file,
 * re-reading only what changed), so an editor that sends none still sees changes one query later. Follows
 * {@link WorkspaceRoots}: call {@link #onRootsChanged()} after the folders change. Thread-safe.
 */
public final class FileIndex {

    /** Files larger than this are listed but their bytes are not kept or searched. */
    public static final long DEFAULT_MAX_FILE_BYTES = 4L * 1024 * 1024;
    /**
     * Bytes of text held in memory per root; files past it stay on disk and are read when searched. At most a quarter
     * of the heap, so a workspace with more text than that cannot fill a server kept to its memory budget (the
     * launcher's -Xmx200m: 50 MB, which holds spring-boot's 39 MB of text).
     */
    public static final long DEFAULT_CONTENT_BUDGET = Math.min(192L * 1024 * 1024,
            Runtime.getRuntime().maxMemory() / 4);

    private final WorkspaceRoots roots;
    private final PathPolicy policy;
    private final Executor executor;
    private final Clock clock;
    private final Duration rescanAfter;
    private final long maxFileBytes;
    private final long contentBudget;
    private final Object lock = new Object();
    private volatile Map<Path, RootIndex> indexes = Map.of();
    private volatile CompletableFuture<Void> ready = CompletableFuture.completedFuture(null);
    /** Completes when the build {@link #start} began is warm; pending until then. */
    private final CompletableFuture<Void> firstBuilt = new CompletableFuture<>();
    private volatile Instant lastSync;
    private final AtomicBoolean rescanning = new AtomicBoolean();
    /** The least time between two full rescans (a stat per file) when no notification arrives. */
    public static final Duration FULL_RESCAN_EVERY = Duration.ofSeconds(60);
    private volatile Instant nextRescan = Instant.MIN;
    private volatile Instant nextFullRescan;
    private final Runnable afterBuild;
    private final List<ChangeListener> listeners = new CopyOnWriteArrayList<>();
    private final List<Runnable> rootListeners = new CopyOnWriteArrayList<>();

    public FileIndex(WorkspaceRoots roots, PathPolicy policy, Executor executor, Clock clock, Duration rescanAfter) {
        this(roots, policy, executor, clock, rescanAfter, DEFAULT_MAX_FILE_BYTES, () -> { });
    }

    public FileIndex(WorkspaceRoots roots, PathPolicy policy, Executor executor, Clock clock, Duration rescanAfter,
            long maxFileBytes) {
        this(roots, policy, executor, clock, rescanAfter, maxFileBytes, () -> { });
    }

    /**
     * {@code afterBuild} runs once each build of new roots is done; the server passes {@code System::gc}, because a
     * build reads every file once and leaves the heap grown with garbage that the JVM would otherwise keep
     * committed (resident) for a long time.
     */
    public FileIndex(WorkspaceRoots roots, PathPolicy policy, Executor executor, Clock clock, Duration rescanAfter,
            long maxFileBytes, Runnable afterBuild) {
        this(roots, policy, executor, clock, rescanAfter, maxFileBytes, afterBuild, DEFAULT_CONTENT_BUDGET);
    }

    /** {@code contentBudget}: bytes of text held in memory per root (see {@link #DEFAULT_CONTENT_BUDGET}). */
    public FileIndex(WorkspaceRoots roots, PathPolicy policy, Executor executor, Clock clock, Duration rescanAfter,
            long maxFileBytes, Runnable afterBuild, long contentBudget) {
        this.contentBudget = contentBudget;
        this.afterBuild = afterBuild;
        this.roots = roots;
        this.policy = policy;
        this.executor = executor;
        this.clock = clock;
        this.rescanAfter = rescanAfter;
        this.maxFileBytes = maxFileBytes;
        this.lastSync = clock.instant();
        this.nextFullRescan = lastSync.plus(FULL_RESCAN_EVERY);
    }

    /** Starts building the index of every root in the background; the future completes when it is warm. */
    public CompletableFuture<Void> start() {
        CompletableFuture<Void> built = onRootsChanged();
        built.whenComplete((done, failed) -> firstBuilt.complete(null));
        return built;
    }

    /**
     * Completes once the index {@link #start} began is warm, however late it is started; what reads the whole index
     * once (the repo map) waits on this rather than on {@link #ready}, which an index not yet started calls ready.
     */
    public CompletableFuture<Void> firstBuilt() {
        return firstBuilt;
    }

    /**
     * Indexes roots that appeared and forgets those that went, then tells the {@link #listenRoots} listeners (which
     * read {@link WorkspaceRoots} themselves); completes when the new roots are indexed.
     */
    public CompletableFuture<Void> onRootsChanged() {
        CompletableFuture<Void> built = switchRoots();
        rootListeners.forEach(Runnable::run);
        return built;
    }

    /** Adds a listener called on the reporting thread after every {@link #onRootsChanged}: note it and return. */
    public void listenRoots(Runnable listener) {
        rootListeners.add(listener);
    }

    private CompletableFuture<Void> switchRoots() {
        synchronized (lock) {
            Map<Path, RootIndex> next = new LinkedHashMap<>();
            List<RootIndex> fresh = new ArrayList<>();
            for (WorkspaceRoot root : roots.roots()) {
                RootIndex known = indexes.get(root.real());
                if (known == null) {
                    known = new RootIndex(root, policy, maxFileBytes, contentBudget);
                    fresh.add(known);
                }
                next.put(root.real(), known);
            }
            indexes = Map.copyOf(next);
            List<CompletableFuture<Void>> builds = new ArrayList<>();
            for (RootIndex r : fresh) {
                builds.add(CompletableFuture.runAsync(() -> syncUnchecked(r), executor));
            }
            CompletableFuture<Void> all = CompletableFuture.allOf(builds.toArray(CompletableFuture[]::new))
                    .thenRun(() -> {
                        if (!fresh.isEmpty()) {
                            afterBuild.run();
                        }
                    });
            ready = ready.thenCombine(all, (a, b) -> null);
            lastSync = clock.instant();
            return all;
        }
    }

    /** Completes when every root known at the time of the call has been indexed once. */
    public CompletableFuture<Void> ready() {
        return ready;
    }

    /**
     * Brings the index up to date for these files (absolute paths; folders are walked). Paths outside every root
     * are ignored. Runs on the caller's thread and returns when the index reflects them.
     */
    public void onFilesChanged(Collection<Path> created, Collection<Path> changed, Collection<Path> deleted) {
        List<Path> upserts = new ArrayList<>(created);
        upserts.addAll(changed);
        try {
            update(upserts, deleted);
        } finally {
            for (ChangeListener listener : listeners) {
                listener.filesChanged(List.copyOf(upserts), List.copyOf(deleted));
            }
        }
    }

    /** Hears the files an {@link #onFilesChanged} reported (editor events, the agent's own writes). */
    @FunctionalInterface
    public interface ChangeListener {
        /** Called on the reporting thread after the index took them in: note them and return. */
        void filesChanged(List<Path> createdOrChanged, List<Path> deleted);
    }

    /** Adds a listener for every later {@link #onFilesChanged}. */
    public void listen(ChangeListener listener) {
        listeners.add(listener);
    }

    private void update(List<Path> upserts, Collection<Path> deleted) {
        for (RootIndex r : indexes.values()) {
            List<Path> mine = upserts.stream().filter(p -> belongs(r, p)).toList();
            List<Path> gone = deleted.stream().filter(p -> belongs(r, p)).toList();
            if (!mine.isEmpty() || !gone.isEmpty()) {
                try {
                    r.onFilesChanged(mine.stream().map(FileIndex::real).toList(), gone.stream().map(FileIndex::real).toList());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        lastSync = clock.instant();
    }

    /** Re-walks every root now, re-reading what changed; the future completes when done. */
    public CompletableFuture<Void> rescan() {
        List<CompletableFuture<Void>> all = new ArrayList<>();
        for (RootIndex r : indexes.values()) {
            all.add(CompletableFuture.runAsync(() -> syncUnchecked(r), executor));
        }
        lastSync = clock.instant();
        return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new));
    }

    /**
     * Schedules a rescan when the index has heard nothing for {@code rescanAfter}; never blocks. Usually the quick
     * one (a stat per folder); the full one (a stat per file, catching in-place writes) at most every
     * {@link #FULL_RESCAN_EVERY}. Either waits at least 20 times its last duration before running again, so rescans
     * never take more than about 5% of the machine however short {@code rescanAfter} is. The future completes when
     * the scheduled rescan is done (at once when none was due).
     */
    CompletableFuture<Void> rescanIfQuiet() {
        Instant now = clock.instant();
        if (Duration.between(lastSync, now).compareTo(rescanAfter) < 0 || now.isBefore(nextRescan)
                || !rescanning.compareAndSet(false, true)) {
            return CompletableFuture.completedFuture(null);
        }
        boolean full = !now.isBefore(nextFullRescan);
        List<RootIndex> all = List.copyOf(indexes.values());
        return CompletableFuture.runAsync(() -> {
            long start = System.nanoTime();
            for (RootIndex r : all) {
                try {
                    if (full) {
                        r.sync();
                    } else {
                        r.quickSync();
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            Instant end = clock.instant();
            lastSync = end;
            nextRescan = end.plus(took.multipliedBy(20));
            if (full) {
                Duration pause = took.multipliedBy(20);
                nextFullRescan = end.plus(pause.compareTo(FULL_RESCAN_EVERY) > 0 ? pause : FULL_RESCAN_EVERY);
            }
        }, executor).whenComplete((v, e) -> rescanning.set(false));
    }

    /** The per-root indexes, in root order, waiting for the first build. */
    List<RootIndex> warm() {
        ready.join();
        rescanIfQuiet();
        List<RootIndex> out = new ArrayList<>();
        for (WorkspaceRoot root : roots.roots()) {
            RootIndex r = indexes.get(root.real());
            if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    /** How many files are indexed and how many bytes of text are held, for status and benchmarks. */
    public Stats stats() {
        long files = 0;
        long bytes = 0;
        for (RootIndex r : indexes.values()) {
            files += r.files().length;
            bytes += r.contentBytes();
        }
        return new Stats(files, bytes);
    }

    /** Counts for {@link #stats()}. */
    public record Stats(long files, long contentBytes) {}

    /** Files larger than this are indexed as huge: listed, never read or searched. */
    public long maxFileBytes() {
        return maxFileBytes;
    }

    boolean multiRoot() {
        return roots.roots().size() > 1;
    }

    private static boolean belongs(RootIndex r, Path p) {
        return real(p).startsWith(r.root().real()) || p.toAbsolutePath().normalize().startsWith(r.root().given());
    }

    private static Path real(Path p) {
        return DocumentStore.key(p);
    }

    private static void syncUnchecked(RootIndex r) {
        try {
            r.sync();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
