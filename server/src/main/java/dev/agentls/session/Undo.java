package dev.agentls.session;

import dev.agentls.workspace.AtomicWriter;
import dev.agentls.workspace.Checkpoint;
import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.RestorePlan;
import dev.agentls.workspace.WorkspaceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Undoes a run, or rolls back to a checkpoint, on disk: each file written back byte for byte (or deleted when it did
 * not exist). Refuses, touching nothing, when a file is no longer as the last run that changed it left it (the user
 * or another tool changed it since), naming the file; an unknown run or checkpoint is refused with the ones known.
 */
public final class Undo {

    /** What an undo did: restored these files, or refused for this reason. */
    public sealed interface Result {
        String message();
    }

    /** The files put back, in the order of the checkpoints that recorded them. */
    public record Restored(String message, List<String> files) implements Result {}

    /** Nothing was changed, for this reason. */
    public record Refused(String message) implements Result {}

    private final Path home;
    private final CheckpointStore checkpoints;
    private final AtomicWriter writer;

    /** @param home the workspace folder whose {@code .agentls/runs} holds the runs' records */
    public Undo(Path home, CheckpointStore checkpoints, AtomicWriter writer) {
        this.home = home;
        this.checkpoints = checkpoints;
        this.writer = writer;
    }

    /** Records run {@code runId}'s checkpoints and its files as they are now; nothing when it made none. */
    public static Optional<RunRecord> remember(Path home, String runId, List<String> checkpointIds,
                                               CheckpointStore checkpoints) throws IOException {
        Optional<RunRecord> record = capture(runId, checkpointIds, checkpoints);
        if (record.isPresent()) {
            record.get().write(home);
        }
        return record;
    }

    /** What undoing run {@code runId} needs, kept in memory: its checkpoints and its files as they are now. */
    public static Optional<RunRecord> capture(String runId, List<String> checkpointIds, CheckpointStore checkpoints) {
        if (checkpointIds.isEmpty()) {
            return Optional.empty();
        }
        List<Path> files = checkpoints.list(null).stream().filter(c -> checkpointIds.contains(c.id()))
                .flatMap(c -> c.before().stream()).map(Checkpoint.FileState::path).distinct().toList();
        return Optional.of(RunRecord.capture(runId, checkpointIds, files));
    }

    /** Undoes run {@code runId}, or when empty the newest run that changed files. */
    public Result undoRun(Optional<String> runId) {
        List<String> known = recordedRuns();
        if (runId.isEmpty() && known.isEmpty()) {
            return new Refused("no run has changed files here; nothing to undo");
        }
        String id = runId.orElseGet(() -> known.get(known.size() - 1));
        Optional<RunRecord> record;
        try {
            record = id.matches("[0-9]{1,9}") ? RunRecord.read(home, id) : Optional.empty();
        } catch (IllegalStateException damaged) {
            return new Refused(damaged.getMessage());
        }
        if (record.isEmpty()) {
            return new Refused("there is no run " + quoted(id) + " that changed files; runs that did: "
                    + (known.isEmpty() ? "none" : String.join(", ", last(known, 10))));
        }
        return undo(record.get());
    }

    /** Undoes what {@code record} says a run did (the chat's last run, or one read from disk). */
    public Result undo(RunRecord record) {
        Map<String, Checkpoint> byId = new LinkedHashMap<>();
        checkpoints.list(null).forEach(c -> byId.put(c.id(), c));
        Map<Path, Checkpoint.FileState> then = new LinkedHashMap<>();
        for (String id : record.checkpointIds()) {
            Checkpoint c = byId.get(id);
            if (c == null) {
                return new Refused("run " + record.runId() + "'s checkpoint " + id + " is no longer kept (the"
                        + " oldest are dropped to stay within the checkpoint budget); nothing was changed");
            }
            c.before().forEach(f -> then.putIfAbsent(f.path(), f));
        }
        List<RestorePlan.Action> actions = new ArrayList<>();
        for (Checkpoint.FileState f : then.values()) {
            String now = RunRecord.digest(f.path());
            String left = record.left().get(f.path());
            if (left != null && !left.equals(now)) {
                return changedSince(f.display(), "run " + record.runId());
            }
            actions.add(f.bytes() == null ? new RestorePlan.Delete(f.path(), f.display())
                    : new RestorePlan.Write(f.path(), f.display(), f.bytes(), !RunRecord.ABSENT.equals(now)));
        }
        return apply("undid run " + record.runId(), actions);
    }

    /** Returns every file changed since checkpoint {@code id} to its state then. */
    public Result rollback(String id) {
        RestorePlan plan;
        try {
            plan = checkpoints.restorePlan(id);
        } catch (WorkspaceException unknown) {
            return new Refused(unknown.getMessage());
        }
        List<RunRecord> records = new ArrayList<>();
        for (String run : recordedRuns()) {
            try {
                RunRecord.read(home, run).ifPresent(records::add);
            } catch (IllegalStateException damaged) {
                return new Refused(damaged.getMessage());
            }
        }
        for (RestorePlan.Action action : plan.actions()) {
            // The newest run that changed the file is the one whose result a later edit would overwrite.
            for (int i = records.size() - 1; i >= 0; i--) {
                String left = records.get(i).left().get(action.path());
                if (left != null) {
                    if (!left.equals(RunRecord.digest(action.path()))) {
                        return changedSince(action.display(), "run " + records.get(i).runId());
                    }
                    break;
                }
            }
        }
        return apply("rolled back to " + id, plan.actions());
    }

    private Result apply(String what, List<RestorePlan.Action> actions) {
        List<String> files = new ArrayList<>();
        try {
            for (RestorePlan.Action action : actions) {
                if (action instanceof RestorePlan.Write write) {
                    if (!Files.exists(write.path()) || !Arrays.equals(Files.readAllBytes(write.path()), write.bytes())) {
                        Files.createDirectories(write.path().getParent());
                        writer.writeBytes(write.path(), write.bytes());
                    }
                    files.add(write.display() + (write.exists() ? "" : " (re-created)"));
                } else {
                    Files.deleteIfExists(action.path());
                    files.add(action.display() + " (deleted: the run created it)");
                }
            }
        } catch (IOException e) {
            return new Refused(what + " stopped: " + e.getMessage() + "; restored so far: "
                    + (files.isEmpty() ? "none" : String.join(", ", files)));
        }
        return new Restored(what + (files.isEmpty() ? ": every file was already as it was" : ": restored "
                + files.size() + (files.size() == 1 ? " file" : " files")), files);
    }

    private static Result changedSince(String file, String run) {
        return new Refused("'" + file + "' changed since " + run + " (its bytes differ from what the run left);"
                + " nothing was changed. Keep your edit, or restore it by hand from the run's .diff");
    }

    /** Run numbers with an undo record, in number order. */
    private List<String> recordedRuns() {
        try (Stream<Path> files = Files.list(home.resolve(RunTranscript.FOLDER))) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.matches("[0-9]{1,9}\\.undo"))
                    .map(n -> n.substring(0, n.length() - 5)).sorted(Comparator.comparingInt(Integer::parseInt))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static List<String> last(List<String> ids, int n) {
        return ids.subList(Math.max(0, ids.size() - n), ids.size());
    }

    private static String quoted(String text) {
        String shown = text.length() > 40 ? text.substring(0, 37) + "..." : text;
        return "'" + shown.replaceAll("\\p{Cntrl}", "?") + "'";
    }
}
