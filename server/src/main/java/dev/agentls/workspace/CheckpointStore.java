package dev.agentls.workspace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checkpoints: before a tool changes files, {@link #create} records each file's bytes (or absence); after the change,
 * {@link #logChange} records what it did (added, modified, deleted, lines ±). {@link #restorePlan} says how to return
 * every file changed since a checkpoint to its state then, byte for byte. Kept in memory within a byte budget (the
 * oldest checkpoints are dropped first, and restoring one says so); optionally persisted to a folder (for example
 * {@code .agentls/checkpoints}) so they survive a restart. Thread-safe.
 */
public final class CheckpointStore {

    /** Default bytes of file content kept across all checkpoints. */
    public static final long DEFAULT_BUDGET = 64L * 1024 * 1024;

    private final Clock clock;
    private final DocumentStore documents;
    private final long budget;
    private final CheckpointFiles persistence;
    private final LinkedHashMap<String, Checkpoint> checkpoints = new LinkedHashMap<>();
    private long sequence;
    private long weight;
    private long droppedUpTo;

    /** In memory only, recording files as they are on disk. */
    public CheckpointStore(Clock clock) {
        this(clock, DEFAULT_BUDGET, null, null);
    }

    /**
     * Persisted under {@code folder} (created on first write) when it is not null; loads what is there. With a
     * {@code documents} store, a file open in the editor is recorded as its buffer (see
     * {@link DocumentStore#openBufferBytes}), else as it is on disk.
     */
    public CheckpointStore(Clock clock, long budget, Path folder, DocumentStore documents) {
        this.clock = clock;
        this.documents = documents;
        this.budget = budget;
        this.persistence = folder == null ? null : new CheckpointFiles(folder);
        if (persistence != null) {
            for (Checkpoint c : persistence.loadAll()) {
                checkpoints.put(c.id(), c);
                sequence = Math.max(sequence, c.sequence());
                weight += c.weight();
            }
            evict();
        }
    }

    /**
     * Records the current bytes (or absence) of {@code files} on disk and returns the new checkpoint's id. A file
     * that cannot be read is refused before anything is recorded.
     */
    public synchronized String create(String conversationId, String description, Collection<ResolvedPath> files) {
        List<Checkpoint.FileState> before = new ArrayList<>();
        Map<Path, Boolean> seen = new LinkedHashMap<>();
        for (ResolvedPath p : files) {
            if (seen.put(p.absolute(), true) == null) {
                before.add(new Checkpoint.FileState(p.absolute(), p.display(), readOrNull(p.absolute(), p.display())));
            }
        }
        long seq = ++sequence;
        Checkpoint c = new Checkpoint("cp-" + seq, seq, clock.instant(), Optional.ofNullable(conversationId),
                description == null ? "" : PathSyntax.shorten(description, 1000), before, List.of());
        checkpoints.put(c.id(), c);
        weight += c.weight();
        evict();
        persist(c);
        return c.id();
    }

    /**
     * Logs what a change did to one file of checkpoint {@code id}: {@code after} is its new content, null when it was
     * deleted. Lines added and removed are counted against the recorded bytes.
     */
    public synchronized Checkpoint.Change logChange(String id, ResolvedPath path, byte[] after) {
        Checkpoint c = require(id);
        Checkpoint.FileState before = c.before().stream().filter(f -> f.path().equals(path.absolute())).findFirst()
                .orElseThrow(() -> new CheckpointRefusedException("checkpoint " + id + " did not record '"
                        + path.display() + "'; record every file before changing it"));
        Checkpoint.Kind kind = before.bytes() == null ? Checkpoint.Kind.ADDED
                : after == null ? Checkpoint.Kind.DELETED : Checkpoint.Kind.MODIFIED;
        LineDelta delta = LineDelta.between(lines(before.bytes()), lines(after));
        Checkpoint.Change change = new Checkpoint.Change(path.display(), kind, delta.added(), delta.removed());
        List<Checkpoint.Change> changes = new ArrayList<>(c.changes());
        changes.removeIf(x -> x.path().equals(change.path()));
        changes.add(change);
        Checkpoint updated = new Checkpoint(c.id(), c.sequence(), c.time(), c.conversationId(), c.description(),
                c.before(), changes);
        checkpoints.put(id, updated);
        persist(updated);
        return change;
    }

    /** Checkpoints oldest first, of one conversation when given. */
    public synchronized List<Checkpoint> list(String conversationId) {
        return checkpoints.values().stream()
                .filter(c -> conversationId == null || c.conversationId().filter(conversationId::equals).isPresent())
                .toList();
    }

    /**
     * How to return every file recorded by checkpoint {@code id} or any later one to its state at {@code id}: the
     * earliest recording at or after {@code id} of each file is its state then. Files already in that state on disk
     * are left out.
     */
    public synchronized RestorePlan restorePlan(String id) {
        Checkpoint target = require(id);
        Map<Path, Checkpoint.FileState> then = new LinkedHashMap<>();
        for (Checkpoint c : checkpoints.values()) {
            if (c.sequence() >= target.sequence()) {
                for (Checkpoint.FileState f : c.before()) {
                    then.putIfAbsent(f.path(), f);
                }
            }
        }
        List<RestorePlan.Action> actions = new ArrayList<>();
        for (Checkpoint.FileState f : then.values()) {
            byte[] now = readOrNull(f.path(), f.display());
            if (f.bytes() == null) {
                if (now != null) {
                    actions.add(new RestorePlan.Delete(f.path(), f.display()));
                }
            } else if (now == null || !Arrays.equals(now, f.bytes())) {
                actions.add(new RestorePlan.Write(f.path(), f.display(), f.bytes().clone(), now != null));
            }
        }
        return new RestorePlan(id, actions);
    }

    private Checkpoint require(String id) {
        Checkpoint c = checkpoints.get(id);
        if (c != null) {
            return c;
        }
        long n = parse(id);
        if (n > 0 && n <= droppedUpTo) {
            throw new CheckpointRefusedException("checkpoint " + id + " was dropped to stay within the "
                    + DocumentStore.human(budget) + " checkpoint budget; the oldest kept is "
                    + checkpoints.keySet().stream().findFirst().orElse("none"));
        }
        throw new CheckpointRefusedException("there is no checkpoint '" + PathSyntax.printable(id) + "'; known: "
                + (checkpoints.isEmpty() ? "none" : String.join(", ", lastIds(10))));
    }

    private List<String> lastIds(int n) {
        List<String> ids = new ArrayList<>(checkpoints.keySet());
        return ids.subList(Math.max(0, ids.size() - n), ids.size());
    }

    private static long parse(String id) {
        try {
            return id != null && id.startsWith("cp-") ? Long.parseLong(id.substring(3)) : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Drops the oldest checkpoints until the bytes held fit the budget; the newest is always kept. */
    private void evict() {
        while (weight > budget && checkpoints.size() > 1) {
            String oldest = checkpoints.keySet().iterator().next();
            Checkpoint gone = checkpoints.remove(oldest);
            weight -= gone.weight();
            droppedUpTo = Math.max(droppedUpTo, gone.sequence());
            if (persistence != null) {
                persistence.delete(gone.id());
            }
        }
    }

    private void persist(Checkpoint c) {
        if (persistence != null) {
            persistence.save(c);
        }
    }

    private byte[] readOrNull(Path path, String display) {
        if (documents != null) {
            Optional<byte[]> buffer = documents.openBufferBytes(path);
            if (buffer.isPresent()) {
                return buffer.get();
            }
        }
        try {
            if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                throw new CheckpointRefusedException("'" + display + "' is a folder; checkpoints record files");
            }
            return Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new CheckpointRefusedException("'" + display + "' cannot be read for the checkpoint: " + e.getMessage());
        }
    }

    private static List<String> lines(byte[] bytes) {
        if (bytes == null || bytes.length == 0) {
            return List.of();
        }
        return LineDelta.lines(new String(bytes, StandardCharsets.UTF_8));
    }
}
