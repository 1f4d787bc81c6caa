package dev.agentls.workspace;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Checkpoints on disk, one file each ({@code cp-N.ckpt}, a small versioned binary format written atomically). A file
 * that cannot be read is skipped, never fatal: checkpoints are a convenience, not the source of truth.
 */
final class CheckpointFiles {

    private static final int MAGIC = 0x41474350;
    private static final int VERSION = 1;

    private final Path folder;
    private final AtomicWriter writer = new AtomicWriter();

    CheckpointFiles(Path folder) {
        this.folder = folder;
    }

    void save(Checkpoint c) {
        try {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(buffer)) {
                out.writeInt(MAGIC);
                out.writeInt(VERSION);
                out.writeUTF(c.id());
                out.writeLong(c.sequence());
                out.writeLong(c.time().toEpochMilli());
                out.writeUTF(c.conversationId().orElse(""));
                out.writeUTF(c.description());
                out.writeInt(c.before().size());
                for (Checkpoint.FileState f : c.before()) {
                    out.writeUTF(f.path().toString());
                    out.writeUTF(f.display());
                    out.writeInt(f.bytes() == null ? -1 : f.bytes().length);
                    if (f.bytes() != null) {
                        out.write(f.bytes());
                    }
                }
                out.writeInt(c.changes().size());
                for (Checkpoint.Change ch : c.changes()) {
                    out.writeUTF(ch.path());
                    out.writeUTF(ch.kind().name());
                    out.writeInt(ch.linesAdded());
                    out.writeInt(ch.linesRemoved());
                }
            }
            writer.writeBytes(folder.resolve(c.id() + ".ckpt"), buffer.toByteArray());
        } catch (IOException e) {
            throw new CheckpointRefusedException("checkpoint " + c.id() + " could not be saved in " + folder + ": "
                    + e.getMessage());
        }
    }

    void delete(String id) {
        try {
            Files.deleteIfExists(folder.resolve(id + ".ckpt"));
        } catch (IOException e) {
            // A stale file is harmless: it is skipped once its budget is exceeded again.
        }
    }

    List<Checkpoint> loadAll() {
        List<Checkpoint> out = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return out;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "cp-*.ckpt")) {
            for (Path f : files) {
                load(f).ifPresent(out::add);
            }
        } catch (IOException e) {
            return out;
        }
        out.sort(Comparator.comparingLong(Checkpoint::sequence));
        return out;
    }

    private static Optional<Checkpoint> load(Path file) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(Files.readAllBytes(file)))) {
            if (in.readInt() != MAGIC || in.readInt() != VERSION) {
                return Optional.empty();
            }
            String id = in.readUTF();
            long sequence = in.readLong();
            Instant time = Instant.ofEpochMilli(in.readLong());
            String conversation = in.readUTF();
            String description = in.readUTF();
            int n = in.readInt();
            List<Checkpoint.FileState> before = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Path path = Path.of(in.readUTF());
                String display = in.readUTF();
                int len = in.readInt();
                byte[] bytes = len < 0 ? null : in.readNBytes(len);
                before.add(new Checkpoint.FileState(path, display, bytes));
            }
            int m = in.readInt();
            List<Checkpoint.Change> changes = new ArrayList<>();
            for (int i = 0; i < m; i++) {
                changes.add(new Checkpoint.Change(in.readUTF(), Checkpoint.Kind.valueOf(in.readUTF()), in.readInt(),
                        in.readInt()));
            }
            return Optional.of(new Checkpoint(id, sequence, time,
                    conversation.isEmpty() ? Optional.empty() : Optional.of(conversation), description, before, changes));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
