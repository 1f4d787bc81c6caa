package dev.agentls.acp;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.workspace.Checkpoint;
import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileRefusedException;
import dev.agentls.workspace.RestorePlan;
import dev.agentls.workspace.Snapshot;
import dev.agentls.workspace.WorkspaceException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * {@code /undo} of one session: remembers the first checkpoint each of its runs made (in this process), and returns
 * every file changed since the last such run's first checkpoint to its state then, through the session's host (the
 * client's buffers when it writes files). Each {@code /undo} goes one run further back.
 */
final class UndoRuns {

    private static final String BOM = "\uFEFF";

    private final String conversationId;
    private final CheckpointStore checkpoints;
    private final DocumentStore documents;
    private final Host host;
    private final Deque<String> firstOfRun = new ArrayDeque<>();
    private Set<String> beforeRun = Set.of();

    UndoRuns(String conversationId, CheckpointStore checkpoints, DocumentStore documents, Host host) {
        this.conversationId = conversationId;
        this.checkpoints = checkpoints;
        this.documents = documents;
        this.host = host;
    }

    synchronized void runStarting() {
        beforeRun = ids();
    }

    synchronized void runEnded() {
        checkpoints.list(conversationId).stream().map(Checkpoint::id).filter(id -> !beforeRun.contains(id))
                .findFirst().ifPresent(firstOfRun::push);
    }

    /** What the undo did, as the agent's message: the files restored, or why nothing was. Never blocks. */
    CompletableFuture<String> undo() {
        String checkpoint;
        synchronized (this) {
            if (firstOfRun.isEmpty()) {
                return CompletableFuture.completedFuture("Nothing to undo: no run of this session changed a file"
                        + " since the agent started.");
            }
            checkpoint = firstOfRun.pop();
        }
        List<FileChange> changes = new ArrayList<>();
        List<String> restored = new ArrayList<>();
        try {
            for (RestorePlan.Action action : checkpoints.restorePlan(checkpoint).actions()) {
                changes.add(change(action));
                restored.add(action.display());
            }
        } catch (WorkspaceException e) {
            return CompletableFuture.completedFuture("Cannot undo the last run: " + e.getMessage()
                    + ". Nothing was changed.");
        }
        if (changes.isEmpty()) {
            return CompletableFuture.completedFuture("Nothing to undo: the files the last run changed are already as"
                    + " they were before it.");
        }
        return host.applyChanges(changes).thenApply(outcome -> outcome instanceof ChangeOutcome.Refused refused
                ? "Could not undo the whole last run: " + refused.reason()
                : "Undid the last run: restored " + String.join(", ", restored) + ".");
    }

    private Set<String> ids() {
        return checkpoints.list(conversationId).stream().map(Checkpoint::id).collect(Collectors.toSet());
    }

    /** The change that restores one file; a re-created file keeps its byte order mark, binary content its bytes. */
    private FileChange change(RestorePlan.Action action) {
        if (action instanceof RestorePlan.Delete delete) {
            return new FileChange.Delete(delete.path());
        }
        RestorePlan.Write write = (RestorePlan.Write) action;
        try {
            Snapshot then = write.text();
            if (!write.exists()) {
                return new FileChange.Create(write.path(), (then.format().bom() ? BOM : "") + then.text());
            }
            Snapshot now = documents.snapshot(write.path());
            return new FileChange.Modify(write.path(), now.version(), now.text(), then.text());
        } catch (FileRefusedException e) {
            if (e.reason() == FileRefusedException.Reason.BINARY
                    || e.reason() == FileRefusedException.Reason.INVALID_ENCODING) {
                return new FileChange.WriteBytes(write.path(), write.bytes());
            }
            throw e;
        }
    }
}
