package dev.agentls.host;

import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.TextDecoder;
import dev.agentls.workspace.TextFormat;
import dev.agentls.workspace.WorkspaceException;
import java.util.ArrayList;
import java.util.List;

/**
 * The record around changes applied to files: a checkpoint of every file's prior state taken before anything is sent
 * (so a rollback takes the changes back), and each file's change log once the changes were applied. The agent's file
 * tools and the editor's no-model edit commands both record their changes through it.
 */
public final class CheckpointedChanges {

    private final CheckpointStore checkpoints;
    private final String id;
    private final List<ResolvedPath> paths;
    /** Per file, whether it starts with a byte order mark, read before the change, so the logged bytes keep it. */
    private final List<Boolean> boms;

    private CheckpointedChanges(CheckpointStore checkpoints, String id, List<ResolvedPath> paths, List<Boolean> boms) {
        this.checkpoints = checkpoints;
        this.id = id;
        this.paths = paths;
        this.boms = boms;
    }

    /**
     * Records {@code paths} as they are now, before they change.
     *
     * @throws WorkspaceException when a file cannot be recorded; then nothing may be changed
     */
    public static CheckpointedChanges before(CheckpointStore checkpoints, String conversationId, String description,
                                             List<ResolvedPath> paths) {
        List<Boolean> boms = new ArrayList<>();
        paths.forEach(path -> boms.add(TextDecoder.startsWithBom(path.absolute())));
        String id = checkpoints.create(conversationId, description, paths);
        return new CheckpointedChanges(checkpoints, id, List.copyOf(paths), List.copyOf(boms));
    }

    /** The checkpoint's id, for {@code agentls.rollback} and the tools' answers. */
    public String id() {
        return id;
    }

    /** Logs what each change did once they were applied; {@code changes} are in the order of the paths recorded. */
    public void applied(List<FileChange> changes) {
        for (int i = 0; i < paths.size(); i++) {
            checkpoints.logChange(id, paths.get(i), after(changes.get(i), boms.get(i)));
        }
    }

    /** The file's bytes after {@code change}, as the change log counts lines; null when it was deleted. */
    private static byte[] after(FileChange change, boolean bom) {
        if (change instanceof FileChange.Modify modify) {
            return TextFormat.encode(modify.newText(), bom);
        }
        if (change instanceof FileChange.Create create) {
            return TextFormat.encode(create.text(), bom);
        }
        return null;
    }
}
