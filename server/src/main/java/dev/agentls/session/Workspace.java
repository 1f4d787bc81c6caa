package dev.agentls.session;

import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileIndex;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * What every run of one root set works on, whichever front door started it: its folders, buffers, path policy, warm
 * index and checkpoints (kept on disk, so a later process can roll back), and the executor for background work.
 * {@link #open} is the one place these are built, with the one set of constants below.
 */
public record Workspace(WorkspaceRoots roots, DocumentStore documents, PathPolicy policy, FileIndex index,
                        CheckpointStore checkpoints, Executor background) {

    /** Without file-change notifications, a query after this long re-checks the files (a stat each). */
    public static final Duration RESCAN_AFTER = Duration.ofSeconds(2);

    /** Where checkpoints persist under the first root: each holds the files' previous bytes. */
    public static final String CHECKPOINTS = ".agentls/checkpoints";

    /**
     * Builds the workspace of {@code roots}; the index is not started ({@code index().start()}).
     *
     * @param afterBuild run after an index build (the server passes {@code System::gc}: reading every file leaves the
     *                   heap grown with garbage the JVM would keep resident)
     */
    public static Workspace open(List<Path> roots, DocumentStore documents, Executor background, Clock clock,
                                 Runnable afterBuild) {
        WorkspaceRoots workspaceRoots = new WorkspaceRoots(roots);
        PathPolicy policy = new PathPolicy();
        FileIndex index = new FileIndex(workspaceRoots, policy, background, clock, RESCAN_AFTER,
                FileIndex.DEFAULT_MAX_FILE_BYTES, afterBuild);
        Path folder = roots.isEmpty() ? null : roots.get(0).resolve(CHECKPOINTS);
        CheckpointStore checkpoints = new CheckpointStore(clock, CheckpointStore.DEFAULT_BUDGET, folder, documents);
        return new Workspace(workspaceRoots, documents, policy, index, checkpoints, background);
    }

    /** The folders given, as the prompt names them. */
    public List<Path> rootPaths() {
        return roots.roots().stream().map(dev.agentls.workspace.WorkspaceRoot::given).toList();
    }
}
