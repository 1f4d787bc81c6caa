package dev.agentls.outline;

import dev.agentls.syntax.SyntaxParser;
import dev.agentls.workspace.WorkspaceRoot;
import dev.agentls.workspace.WorkspaceRoots;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The workspace's repo map: every parsable file's definitions and uses ({@link SourceSymbols}), read in the
 * background on the given executor, kept current by {@link #onFilesChanged} and {@link #onRootsChanged} (workspace
 * folders added or removed), and ranked for each request into a map fitted to a token budget. Symbols are cached by
 * content hash, so a file event whose content is unchanged (or was seen before) costs a read and a hash, not a parse.
 * Asked before the first build finishes, it answers from what it has read so far and says so. Thread-safe.
 */
public final class RepoMap {

    /**
     * The logger, made at the first message: {@code java.util.logging}'s set-up (its configuration, the security
     * properties it checks) costs a fresh JVM ~20 ms, which a run that logs nothing should not pay on its way to the
     * first request (BENCHMARKS.md, {@code agentls run} to {@code run_started}).
     */
    private static final class Log {
        static final Logger LOG = Logger.getLogger(RepoMap.class.getName());
    }

    /** Files past this size are not read (the parser's own bound). */
    public static final long MAX_FILE_BYTES = SyntaxParser.DEFAULT_MAX_BYTES;

    private final WorkspaceRoots roots;
    private final SymbolExtractor extractor;
    private final Executor executor;
    private final int parallelism;
    private final TokenCounter tokens;
    private final FileTexts texts;
    private final RecentEdits recent = new RecentEdits();
    /** Files an event named that are not read yet: typing reports each keystroke, so they are read once, later. */
    private final PendingChanges pending;
    /**
     * Symbols by file, keyed by the file's path under its root's real folder: not by the path the model sees, which
     * changes when a folder is added or removed (the root-name prefix of a multi-root workspace).
     */
    private final Map<Path, SourceSymbols> byPath = new ConcurrentHashMap<>();
    private final Map<String, SourceSymbols> byHash = new ConcurrentHashMap<>();
    private final AtomicBoolean dirty = new AtomicBoolean(true);
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicLong parsed = new AtomicLong();
    private final AtomicLong reused = new AtomicLong();
    private volatile boolean walked;
    /** Roots being walked after a folder change: until they are, the map is not complete. */
    private final AtomicInteger walking = new AtomicInteger();
    /** The real folders of the roots this map has walked or is walking; null before {@link #start}. */
    private Set<Path> mappedRoots;
    /** Whether the first build is done: a file read for the first time before then is no edit (opened, not changed). */
    private volatile boolean built;
    private volatile RepoGraph graph;

    /**
     * @param parallelism how many of the executor's threads the first build may use at once
     * @param tokens      counts the map's tokens as the model's tokenizer would
     */
    public RepoMap(WorkspaceRoots roots, SyntaxParser parser, Executor executor, int parallelism,
                   TokenCounter tokens) {
        this(roots, parser, executor, parallelism, tokens, FileTexts.DISK);
    }

    /** @param texts where files are read: disk, or an editor's open buffers first */
    public RepoMap(WorkspaceRoots roots, SyntaxParser parser, Executor executor, int parallelism,
                   TokenCounter tokens, FileTexts texts) {
        this.roots = roots;
        this.extractor = new SymbolExtractor(parser);
        this.executor = executor;
        this.parallelism = Math.max(1, parallelism);
        this.tokens = tokens;
        this.texts = texts;
        this.pending = new PendingChanges(executor, file -> {
            queued.incrementAndGet();
            refresh(file, true);
        });
    }

    /**
     * How much is known: files mapped, files waiting, parses done and parses saved by the content cache, whether the
     * first walk is done, and the edges of the last graph ranked.
     */
    public record Stats(int files, int queued, long parsed, long reused, boolean walked, int edges) {}

    /** Reads every root in the background; the future completes when all files are in and their graph is built. */
    public CompletableFuture<Void> start() {
        List<WorkspaceRoot> current;
        synchronized (this) {
            current = roots.roots();
            mappedRoots = realFolders(current);
        }
        long started = System.nanoTime();
        return CompletableFuture.supplyAsync(() -> walk(current), executor).thenCompose(files -> {
            walked = true;
            // the graph too, so the first run after the build does not pay for it
            return readAll(files).thenRun(() -> {
                built = true;
                RepoGraph ready = currentGraph();
                // Detail for a debugging log only: an editor's session announces the built map in its own log
                // (cli.AgentSessions), and a terminal run shows none of it in its live view.
                Log.LOG.fine(() -> "repo map built: " + ready.size() + " files, " + parsed.get() + " parsed, in "
                        + (System.nanoTime() - started) / 1_000_000 + " ms");
            });
        });
    }

    /** Reads {@code files} on {@link #parallelism} of the executor's threads, each a share of them. */
    private CompletableFuture<Void> readAll(List<Path> files) {
        List<CompletableFuture<Void>> parts = new ArrayList<>();
        for (int part = 0; part < parallelism; part++) {
            List<Path> share = new ArrayList<>();
            for (int i = part; i < files.size(); i += parallelism) {
                share.add(files.get(i));
            }
            parts.add(CompletableFuture.runAsync(() -> share.forEach(file -> refresh(file, false)), executor));
        }
        return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new));
    }

    /**
     * Follows the workspace folders after {@code workspace/didChangeWorkspaceFolders} changed {@link WorkspaceRoots}:
     * files no root holds any more leave the map at once; each added root is walked and read in the background (the
     * map is not {@link #complete} until it is). Before {@link #start} it does nothing: the first build walks the
     * roots there are then. The future completes when the added roots are read.
     */
    public CompletableFuture<Void> onRootsChanged() {
        List<WorkspaceRoot> added = new ArrayList<>();
        synchronized (this) {
            if (mappedRoots == null) {
                return CompletableFuture.completedFuture(null);
            }
            List<WorkspaceRoot> current = roots.roots();
            for (WorkspaceRoot root : current) {
                if (!mappedRoots.contains(root.real())) {
                    added.add(root);
                }
            }
            mappedRoots = realFolders(current);
            walking.addAndGet(added.size());
        }
        byPath.keySet().removeIf(file -> roots.rootOf(file).isEmpty());
        recent.retain(file -> roots.rootOf(Path.of(file)).isPresent());
        // the paths shown change too (a second root prefixes every path with its root's name)
        dirty.set(true);
        if (added.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return CompletableFuture.supplyAsync(() -> walk(added), executor)
                .thenCompose(this::readAll)
                .whenComplete((done, failed) -> walking.addAndGet(-added.size()));
    }

    private static Set<Path> realFolders(List<WorkspaceRoot> roots) {
        Set<Path> folders = new HashSet<>();
        roots.forEach(root -> folders.add(root.real()));
        return folders;
    }

    private List<Path> walk(List<WorkspaceRoot> toWalk) {
        List<Path> files = new ArrayList<>();
        SourceWalker walker = new SourceWalker(MAX_FILE_BYTES);
        for (WorkspaceRoot root : toWalk) {
            try {
                files.addAll(walker.files(root));
            } catch (IOException e) {
                Log.LOG.log(Level.WARNING, "repo map: cannot walk " + root.real() + ": " + e.getMessage());
            }
        }
        queued.addAndGet(files.size());
        return files;
    }

    /**
     * Brings the map up to date with files created, changed or deleted (absolute paths; a deleted folder drops
     * everything under it), in the background; the future completes when they are in.
     */
    public CompletableFuture<Void> onFilesChanged(Collection<Path> createdOrChanged, Collection<Path> deleted) {
        for (Path path : deleted) {
            key(path).ifPresent(gone -> {
                byPath.keySet().removeIf(key -> key.startsWith(gone));
                recent.removed(gone.toString());
                dirty.set(true);
            });
        }
        // Read like buffer changes: coalesced, in the background, and at the latest before the next map.
        return pending.addAndDrain(createdOrChanged);
    }

    /**
     * Notes that a file changed (an editor buffer opened, typed in or closed; any thread, returns at once). It is
     * read again in the background, once however many events came meanwhile, and at the latest before the next map.
     */
    public void markChanged(Path file) {
        // The graph is not rebuilt when the file is read: typing in a large workspace would rebuild it (a second of
        // CPU on spring-boot) at every pause. The next map rebuilds it once, however many changes came.
        pending.add(file);
    }

    /**
     * Reads the changes waiting to be read (as {@link #render} would: a buffer just typed in is one file, so this is
     * quick), then says whether the map is {@link #complete}. A request asks this rather than {@code complete()}, which
     * is false while a background read of a change is under way and would send the request without a map.
     */
    public boolean settledForRequest() {
        pending.drain();
        return complete();
    }

    /**
     * Whether the first build is done and no change waits to be read: a map rendered now reflects the workspace
     * (an editor session's run goes without a map until then, rather than wait for it).
     */
    public boolean complete() {
        return walked && queued.get() == 0 && walking.get() == 0;
    }

    /** The files changed since the first build, newest first (at most {@value RecentEdits#KEPT}), as the map shows them. */
    public List<String> recentlyEdited() {
        return shownRecent();
    }

    private List<String> shownRecent() {
        List<String> shown = new ArrayList<>();
        for (String file : recent.newestFirst()) {
            display(Path.of(file)).ifPresent(shown::add);
        }
        return shown;
    }

    /**
     * Re-reads one file: gone or unparsable drops it; known content reuses its symbols; else it is parsed. A change
     * an event reported ({@code edited}) that brings new content makes the file a recent edit.
     */
    private void refresh(Path file, boolean edited) {
        try {
            Optional<Path> shown = key(file);
            if (shown.isEmpty() || !SymbolExtractor.parsable(file.getFileName().toString())) {
                return;
            }
            Optional<String> text = texts.read(file);
            if (text.isEmpty()) {
                if (byPath.remove(shown.get()) != null) {
                    recent.removed(shown.get().toString());
                    dirty.set(true);
                }
                return;
            }
            String hash = SymbolExtractor.hash(text.get());
            SourceSymbols current = byPath.get(shown.get());
            if (current != null && current.contentHash().equals(hash)) {
                reused.incrementAndGet();
                return;
            }
            if (edited && (current != null || built)) {
                recent.edited(shown.get().toString());
            }
            SourceSymbols symbols = byHash.get(hash);
            if (symbols != null) {
                reused.incrementAndGet();
            } else {
                Optional<SourceSymbols> extracted = extractor.extract(file.getFileName().toString(), text.get(), hash);
                parsed.incrementAndGet();
                if (extracted.isEmpty()) {
                    byPath.remove(shown.get());
                    dirty.set(true);
                    return;
                }
                symbols = extracted.get();
                byHash.put(hash, symbols);
            }
            byPath.put(shown.get(), symbols);
            dirty.set(true);
        } catch (RuntimeException e) {
            Log.LOG.log(Level.WARNING, "repo map: cannot read " + file + ": " + e);
        } finally {
            queued.decrementAndGet();
        }
    }

    /**
     * The path as the model sees it: relative to its root, prefixed by the root's name in a multi-root workspace;
     * empty when no root holds it.
     */
    private Optional<String> display(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        return roots.rootOf(absolute).map(root -> {
            Path base = absolute.startsWith(root.real()) ? root.real() : root.given();
            String relative = SourceWalker.relative(base, absolute);
            return roots.roots().size() > 1 ? root.name() + "/" + relative : relative;
        });
    }

    /**
     * The file's key in this map: its path under its root's real folder, however it was named (through the folder
     * the editor gave, or its real location); empty when no root holds it.
     */
    private Optional<Path> key(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        return roots.rootOf(absolute).map(root -> absolute.startsWith(root.real()) ? absolute
                : root.real().resolve(root.given().relativize(absolute)));
    }

    /**
     * The map for one request, at most {@code tokenBudget} tokens. Ranks the current graph (rebuilt first if files
     * changed since the last map); before the first build is done, ranks what has been read and says so.
     */
    public RepoMapResult render(RepoMapFocus focus, int tokenBudget) {
        return render(focus, tokenBudget, tokens);
    }

    /**
     * The same, fitted by {@code counter}: the counter of the model a run talks to, which an editor session knows
     * only when the run starts (its map is made before any settings arrive), so the budget holds in that model's
     * tokens rather than in this map's default count.
     */
    public RepoMapResult render(RepoMapFocus focus, int tokenBudget, TokenCounter counter) {
        if (tokenBudget < 0) {
            throw new IllegalArgumentException("the repo map's token budget must not be negative: " + tokenBudget);
        }
        pending.drain();
        RepoGraph current = currentGraph();
        focus = new RepoMapFocus(focus.files().stream().map(this::shown).toList(), focus.identifiers(),
                shownRecent());
        int waiting = queued.get();
        boolean complete = complete();
        String note = complete ? "" : "partial: still reading the workspace, " + current.size() + " files mapped"
                + (walked ? ", " + waiting + " to go" : "");
        if (tokenBudget == 0) {
            return new RepoMapResult("", 0, 0, 0, complete, note);
        }
        // a shown definition costs a few tokens at least, so no map of this budget shows more than this many
        int limit = tokenBudget / 3 + 1;
        return RepoMapRenderer.fit(current, RepoMapRanker.rank(current, focus, limit), tokenBudget, counter, complete,
                note);
    }

    /** A focused file as the map shows paths ({@code file:} URIs and absolute paths too); as given if not ours. */
    private String shown(String file) {
        try {
            return roots.resolve(file).display();
        } catch (RuntimeException notOurs) {
            return file;
        }
    }

    private synchronized RepoGraph currentGraph() {
        if (dirty.getAndSet(false) || graph == null) {
            Map<String, SourceSymbols> shown = new HashMap<>();
            // a file read while its root was removed is dropped here, as no root shows it
            byPath.forEach((file, symbols) -> display(file).ifPresentOrElse(path -> shown.put(path, symbols),
                    () -> byPath.remove(file)));
            graph = RepoGraph.of(Map.copyOf(shown));
            // only contents some file has now stay cached, so edits over a long session do not pile up
            Set<String> live = new HashSet<>();
            for (SourceSymbols symbols : graph.symbols) {
                live.add(symbols.contentHash());
            }
            byHash.keySet().retainAll(live);
        }
        return graph;
    }

    public Stats stats() {
        RepoGraph current = graph;
        return new Stats(byPath.size(), queued.get(), parsed.get(), reused.get(), walked,
                current == null ? 0 : current.edgeCount());
    }
}
