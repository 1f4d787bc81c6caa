package dev.agentls.workspace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes a file whole or not at all: the bytes go to a temp file in the same folder, are flushed to disk, take the
 * old file's permissions, and replace it by an atomic rename (a plain replace where the file system has no atomic
 * move). Parent folders of a new file are created. On any failure the temp file is removed and the old file is as it
 * was. Text is written as given (its line endings untouched), with the BOM restored when the format has one.
 */
public final class AtomicWriter {

    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY = PosixFilePermissions.asFileAttribute(
            Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));

    /** Writes {@code text} in UTF-8, prefixed by a BOM when {@code format.bom()}. */
    public void write(Path path, String text, TextFormat format) throws IOException {
        writeBytes(path, TextFormat.encode(text, format.bom()));
    }

    /** Replaces the file's content with exactly {@code bytes} (used to restore checkpoints byte for byte). */
    public void writeBytes(Path path, byte[] bytes) throws IOException {
        Path target = path.toAbsolutePath().normalize();
        Path dir = target.getParent();
        Files.createDirectories(dir);
        Set<PosixFilePermission> permissions = null;
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException("'" + target + "' is a directory");
            }
            try {
                permissions = Files.getPosixFilePermissions(target);
            } catch (UnsupportedOperationException e) {
                permissions = null;
            }
        }
        Path temp = newTempFile(dir, target.getFileName().toString());
        boolean moved = false;
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            if (permissions != null) {
                Files.setPosixFilePermissions(temp, permissions);
            } else {
                applyDefaultPermissions(temp);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(temp);
            }
        }
    }

    /**
     * Creates the temp file, owner-only, under a name no other writer uses: the target's name, this process's id and a
     * random tail, and our suffix ({@link TempFiles}: a later start removes it when this process is gone). Named here rather than by {@code Files.createTempFile}, whose names come from a {@code SecureRandom}:
     * its first use loads and seeds the JDK's security providers, ~30 ms of a fresh {@code agentls run} before its
     * first request (which writes the conversation). A name taken (another writer's temp file) is drawn again.
     */
    private static Path newTempFile(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path temp = dir.resolve(TempFiles.newName(name));
            try {
                return Files.createFile(temp, OWNER_ONLY);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 9) {
                    throw e;
                }
            } catch (UnsupportedOperationException e) {
                return Files.createFile(temp); // not a POSIX file system: its defaults
            }
        }
    }

    /** A temp file is created owner-only; a new file should get the usual rw-r--r-- instead. */
    private static void applyDefaultPermissions(Path temp) throws IOException {
        try {
            Files.setPosixFilePermissions(temp, Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                    PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ));
        } catch (UnsupportedOperationException e) {
            // Not a POSIX file system: the platform's defaults stand.
        }
    }
}
