package dev.agentls.workspace;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * Writes a file whole or not at all: the bytes go to a temp file in the same folder, are flushed to disk, take the
 * old file's permissions, and replace it by an atomic rename (a plain replace where the file system has no atomic
 * move). Parent folders of a new file are created. On any failure the temp file is removed and the old file is as it
 * was. Text is written as given (its line endings untouched), with the BOM restored when the format has one.
 */
public final class AtomicWriter {

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
        Path temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".agentls-tmp");
        boolean moved = false;
        try {
            try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                out.write(bytes);
            }
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
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
