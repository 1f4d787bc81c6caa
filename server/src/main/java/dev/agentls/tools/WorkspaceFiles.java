package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.CheckpointedChanges;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileIndex;
import dev.agentls.workspace.FileRefusedException;
import dev.agentls.workspace.ForeignTextDecoder;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.ProtectedPaths;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.Snapshot;
import dev.agentls.workspace.TextFormat;
import dev.agentls.workspace.WorkspaceException;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;

/**
 * How the file tools reach the workspace: a path as the model wrote it, confined to the roots and checked against the
 * deny list; a file's current text (the editor's buffer, else disk); and a change handed to the host. Every refusal
 * becomes a {@link ToolRefusal} whose message starts with the tool's name and keeps the workspace's facts.
 */
public final class WorkspaceFiles {

    private final WorkspaceRoots roots;
    private final DocumentStore documents;
    private final PathPolicy policy;
    private final FileIndex index;
    private final CheckpointStore checkpoints;

    /**
     * @param index told of every change a tool lands, so searches see it at once
     * @param checkpoints records each file's prior state before a tool changes it, and the change log after
     */
    public WorkspaceFiles(WorkspaceRoots roots, DocumentStore documents, PathPolicy policy, FileIndex index,
                          CheckpointStore checkpoints) {
        this.roots = roots;
        this.documents = documents;
        this.policy = policy;
        this.index = index;
        this.checkpoints = checkpoints;
    }

    public WorkspaceRoots roots() {
        return roots;
    }

    public PathPolicy policy() {
        return policy;
    }

    /** Resolves a path the model gave, refusing one outside the workspace or on the deny list. */
    ResolvedPath resolve(String tool, String path) {
        ResolvedPath resolved;
        try {
            resolved = roots.resolve(path);
        } catch (WorkspaceException e) {
            throw new ToolRefusal(tool + ": " + e.getMessage());
        }
        Optional<String> denied = policy.isDenied(resolved);
        if (denied.isPresent()) {
            throw new ToolRefusal(tool + ": " + denied.get());
        }
        return resolved;
    }

    /** The file's current text; refuses folders, missing, binary, badly encoded and oversized files, naming why. */
    Snapshot read(String tool, ResolvedPath path) {
        if (Files.isDirectory(path.absolute())) {
            throw new ToolRefusal(tool + ": '" + path.display() + "' is a folder, not a file; use list_dir to see"
                    + " what it holds");
        }
        try {
            return documents.snapshot(path);
        } catch (FileRefusedException e) {
            throw new ToolRefusal(tool + ": " + e.getMessage());
        } catch (WorkspaceException e) {
            throw new ToolRefusal(tool + ": " + e.getMessage());
        }
    }

    /** What {@code read_file} shows: a snapshot, and the encoding it was decoded from when that is not UTF-8. */
    record ReadableText(Snapshot snapshot, Optional<String> foreignEncoding) {}

    /**
     * Like {@link #read}, but a file on disk in another encoding (UTF-16 with a BOM, 8-bit text that is not UTF-8)
     * is decoded for reading instead of refused. Binary files and everything else {@link #read} refuses stay refused.
     */
    ReadableText readForReading(String tool, ResolvedPath path) {
        try {
            return new ReadableText(read(tool, path), Optional.empty());
        } catch (ToolRefusal refusal) {
            if (documents.isOpen(path.absolute()) || !Files.isRegularFile(path.absolute())) {
                throw refusal;
            }
            byte[] bytes;
            try {
                bytes = documents.readDisk(path.absolute(), path.display());
            } catch (WorkspaceException e) {
                throw refusal;
            }
            ForeignTextDecoder.ForeignText foreign = ForeignTextDecoder.decode(bytes).orElseThrow(() -> refusal);
            Snapshot snapshot = new Snapshot(path.absolute(), foreign.text(), OptionalInt.empty(),
                    TextFormat.detect(foreign.text(), false));
            return new ReadableText(snapshot, Optional.of(foreign.encoding()));
        }
    }

    /** True when the file exists on disk or is open in the editor. */
    boolean exists(ResolvedPath path) {
        return Files.exists(path.absolute()) || documents.isOpen(path.absolute());
    }

    /**
     * Refuses a change under {@code .git} and asks the user before one to a file that makes tools run code
     * ({@link ProtectedPaths}); then records a checkpoint of the file's prior state and hands the change to the
     * host; a refusal there becomes a
     * failure naming the file and the host's reason, and {@code onSuccess} is the answer when it lands.
     */
    CompletableFuture<ToolResult> change(String tool, ToolContext context, ResolvedPath path, FileChange change,
                                         ToolResult onSuccess) {
        String what = change instanceof FileChange.Delete ? "delete" : "change";
        Optional<String> refused = refusedProtected(tool, what, path);
        if (refused.isPresent()) {
            return CompletableFuture.completedFuture(ToolResult.failure(refused.get()));
        }
        Optional<ProtectedPaths.Protection> protection = policy.protectedPaths().check(path);
        if (protection.orElse(null) instanceof ProtectedPaths.Protection.NeedsApproval needs) {
            String detail = tool + " " + path.display() + "\n\nNeeds approval: " + needs.reason();
            return context.host().confirm("Allow this " + what + "?", detail).thenCompose(approved ->
                    Boolean.TRUE.equals(approved) ? apply(tool, context, path, change, onSuccess)
                            : CompletableFuture.completedFuture(ToolResult.failure(tool + ": the user declined to "
                            + what + " '" + path.display() + "' (it needed approval: " + needs.reason()
                            + "). Nothing was changed.")));
        }
        return apply(tool, context, path, change, onSuccess);
    }

    /**
     * The refusal of a change no approval allows (under {@code .git}), so a tool can say it before any other reason
     * it has to refuse: the model should learn that the place is closed, not that it must read the file first.
     */
    Optional<String> refusedProtected(String tool, String what, ResolvedPath path) {
        return policy.protectedPaths().check(path).orElse(null) instanceof ProtectedPaths.Protection.Refused refused
                ? Optional.of(tool + ": refused to " + what + " '" + path.display() + "': " + refused.reason()
                        + ". Nothing was changed.")
                : Optional.empty();
    }

    private CompletableFuture<ToolResult> apply(String tool, ToolContext context, ResolvedPath path,
                                                FileChange change, ToolResult onSuccess) {
        Host host = context.host();
        CheckpointedChanges checkpoint;
        try {
            checkpoint = CheckpointedChanges.before(checkpoints, context.conversationId(), tool + " " + path.display(),
                    List.of(path));
        } catch (WorkspaceException e) {
            return CompletableFuture.completedFuture(ToolResult.failure(tool + ": could not record a checkpoint of '"
                    + path.display() + "' before changing it, so nothing was changed: " + e.getMessage()));
        }
        return host.applyChange(change).thenApply(outcome -> {
            if (outcome instanceof ChangeOutcome.Refused refused) {
                return ToolResult.failure(tool + ": the change to '" + path.display() + "' was not applied: "
                        + refused.reason());
            }
            checkpoint.applied(List.of(change));
            if (onSuccess instanceof ToolResult.Success success && success.data() instanceof ObjectNode data) {
                data.put("checkpointId", checkpoint.id());
            }
            List<Path> changed = List.of(change.path());
            if (change instanceof FileChange.Create) {
                index.onFilesChanged(changed, List.of(), List.of());
            } else if (change instanceof FileChange.Delete) {
                index.onFilesChanged(List.of(), List.of(), changed);
            } else {
                index.onFilesChanged(List.of(), changed, List.of());
            }
            String note = ((ChangeOutcome.Applied) outcome).note();
            if (!note.isBlank() && onSuccess instanceof ToolResult.Success success) {
                return ToolResult.success(success.text() + "\n" + note, success.data());
            }
            return onSuccess;
        });
    }
}
