package dev.agentls.lsp;

import dev.agentls.workspace.Checkpoint;
import dev.agentls.workspace.CheckpointStore;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.checkpoints} {conversationId?}: the session's checkpoints, oldest first, each with the files it
 * recorded and the change log of what the change then did (added, modified, deleted; lines added and removed).
 */
final class CheckpointsCommand implements CommandHandler {

    static final String ID = "agentls.checkpoints";

    private final CheckpointStore checkpoints;

    CheckpointsCommand(CheckpointStore checkpoints) {
        this.checkpoints = checkpoints;
    }

    /** One change-log entry as the editor receives it. */
    record Change(String path, String kind, int linesAdded, int linesRemoved) {}

    /** One checkpoint as the editor receives it. */
    record Entry(String id, String time, String conversationId, String description, List<String> files,
                 List<Change> changes) {}

    record Result(List<Entry> checkpoints) {}

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String conversationId = arguments.optionalString("conversationId").orElse(null);
        List<Entry> entries = checkpoints.list(conversationId).stream().map(CheckpointsCommand::entry).toList();
        return CompletableFuture.completedFuture(new Result(entries));
    }

    private static Entry entry(Checkpoint checkpoint) {
        return new Entry(checkpoint.id(), checkpoint.time().toString(), checkpoint.conversationId().orElse(null),
                checkpoint.description(),
                checkpoint.before().stream().map(Checkpoint.FileState::display).toList(),
                checkpoint.changes().stream().map(c -> new Change(c.path(), c.kind().name().toLowerCase(Locale.ROOT),
                        c.linesAdded(), c.linesRemoved())).toList());
    }
}
