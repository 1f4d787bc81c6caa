package dev.agentls.workspace;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The parts of this package wired together for one session: roots, document store, deny list and ignore rules, the
 * warm index with grep, file search and listing, the atomic writer and the checkpoints. A convenience for the
 * composition root and tests; every part can also be built alone. Call {@link #start()} once, then feed it the
 * editor's notifications ({@link #onFilesChanged}, {@link #onFoldersChanged}); tools that write files should call
 * {@link #onFilesChanged} too, so the index never waits for a rescan to see them.
 */
public final class Workspace {

    /** How long the index waits without notifications before a query triggers a rescan. */
    public static final Duration RESCAN_AFTER = Duration.ofSeconds(30);

    private final WorkspaceRoots roots;
    private final DocumentStore documents;
    private final PathPolicy policy = new PathPolicy();
    private final FileIndex index;
    private final GrepSearch grep;
    private final FileSearch files;
    private final DirectoryLister lister;
    private final AtomicWriter writer = new AtomicWriter();
    private final CheckpointStore checkpoints;

    /**
     * @param executor runs the index build and rescans and helps searches (give it one thread per core)
     * @param afterBuild run after an index build (the server passes {@code System::gc}; tests pass a no-op)
     * @param checkpointFolder where checkpoints persist ({@code .agentls/checkpoints}), or null for memory only
     */
    public Workspace(WorkspaceRoots roots, DocumentStore documents, Executor executor, int parallelism, Clock clock,
            Runnable afterBuild, Path checkpointFolder) {
        this.roots = roots;
        this.documents = documents;
        this.index = new FileIndex(roots, policy, executor, clock, RESCAN_AFTER, FileIndex.DEFAULT_MAX_FILE_BYTES,
                afterBuild);
        this.grep = new GrepSearch(index, documents, executor, parallelism);
        this.files = new FileSearch(index);
        this.lister = new DirectoryLister(policy);
        this.checkpoints = new CheckpointStore(clock, CheckpointStore.DEFAULT_BUDGET, checkpointFolder, documents);
    }

    /** Starts the background index build; the future completes when it is warm. */
    public CompletableFuture<Void> start() {
        return index.start();
    }

    /** {@code workspace/didChangeWatchedFiles}, or a tool's own writes: absolute paths. */
    public void onFilesChanged(Collection<Path> created, Collection<Path> changed, Collection<Path> deleted) {
        index.onFilesChanged(created, changed, deleted);
    }

    /** {@code workspace/didChangeWorkspaceFolders}: updates the roots, then indexes new ones in the background. */
    public CompletableFuture<Void> onFoldersChanged(Collection<Path> added, Collection<Path> removed) {
        roots.change(added, removed);
        return index.onRootsChanged();
    }

    /** Resolves and checks the deny list: the path tools may read, or a typed refusal with the reason. */
    public ResolvedPath resolveAllowed(String pathOrUri) {
        return policy.requireAllowed(roots.resolve(pathOrUri));
    }

    /** Why an absolute path is denied, or empty (also empty for paths outside the workspace). */
    public Optional<String> denied(Path absolute) {
        try {
            return policy.isDenied(roots.resolve(absolute.toString()));
        } catch (PathRefusedException e) {
            return Optional.empty();
        }
    }

    public WorkspaceRoots roots() {
        return roots;
    }

    public DocumentStore documents() {
        return documents;
    }

    public PathPolicy policy() {
        return policy;
    }

    public FileIndex index() {
        return index;
    }

    public GrepSearch grep() {
        return grep;
    }

    public FileSearch files() {
        return files;
    }

    public DirectoryLister lister() {
        return lister;
    }

    public AtomicWriter writer() {
        return writer;
    }

    public CheckpointStore checkpoints() {
        return checkpoints;
    }
}
