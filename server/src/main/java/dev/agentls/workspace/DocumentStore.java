package dev.agentls.workspace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The current text of every file: the editor's open buffer (with its version) when there is one, else disk. Owns the
 * open buffers, fed by {@code didOpen}/{@code didChange}/{@code didClose}; refuses to read as text what is not text
 * (binary, invalid UTF-8, too large), naming the fact. Thread-safe. Paths are keyed by their real location, so a
 * buffer opened through a symbolic link is found by its resolved path.
 */
public final class DocumentStore {

    /** The default limit on a file read as text: 8 MiB. */
    public static final long DEFAULT_MAX_BYTES = 8L * 1024 * 1024;

    /** One version of a buffer, with its line starts built as it arrives (once per version, off the edit path). */
    private record OpenBuffer(int version, String text, LineStarts lines) {
        OpenBuffer(int version, String text) {
            this(version, text, LineStarts.of(text));
        }
    }

    private final Map<Path, OpenBuffer> open = new ConcurrentHashMap<>();
    private final BufferWatch watch = new BufferWatch();
    private final java.util.List<Consumer<Path>> listeners = new CopyOnWriteArrayList<>();
    private final long maxBytes;

    public DocumentStore() {
        this(DEFAULT_MAX_BYTES);
    }

    public DocumentStore(long maxBytes) {
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
        }
        this.maxBytes = maxBytes;
    }

    public long maxBytes() {
        return maxBytes;
    }

    /**
     * Tells {@code listener} the (real) path of every buffer opened, changed or closed, on the thread that reports it
     * (the editor's reader thread): it must only note the path and return.
     */
    public void listen(Consumer<Path> listener) {
        listeners.add(listener);
    }

    private void changed(Path key) {
        for (Consumer<Path> listener : listeners) {
            listener.accept(key);
        }
    }

    public void didOpen(Path path, int version, String text) {
        Path key = key(path);
        open.put(key, new OpenBuffer(version, text));
        watch.changed(key, version, text);
        changed(key);
    }

    /** The editor's whole new text. A change older than the buffer's version is ignored (it arrived late). */
    public void didChange(Path path, int version, String fullText) {
        Path key = key(path);
        OpenBuffer now = open.merge(key, new OpenBuffer(version, fullText),
                (old, next) -> next.version() >= old.version() ? next : old);
        watch.changed(key, now.version(), now.text());
        changed(key);
    }

    public void didClose(Path path) {
        Path key = key(path);
        open.remove(key);
        watch.closed(key);
        changed(key);
    }

    /**
     * The text of the first version of an open buffer newer than {@code version}: at once when the editor already
     * sent one, else when it does. Empty when the buffer is not open, or is closed first. Never completes by itself
     * otherwise: the caller bounds the wait.
     */
    public CompletableFuture<Optional<String>> textAfter(Path path, int version) {
        Path key = key(path);
        return watch.await(key, version, () -> Optional.ofNullable(open.get(key))
                .map(buffer -> new BufferWatch.Version(buffer.version(), buffer.text())));
    }

    public boolean isOpen(Path path) {
        return open.containsKey(key(path));
    }

    /** The paths of every open buffer. */
    public Set<Path> openPaths() {
        return Set.copyOf(open.keySet());
    }

    /** The file's text as the model should see it; messages name the workspace-relative path. */
    public Snapshot snapshot(ResolvedPath path) {
        return snapshot(path.absolute(), path.display());
    }

    /** The file's text; the open buffer wins over disk. */
    public Snapshot snapshot(Path path) {
        return snapshot(path, path.toString());
    }

    private Snapshot snapshot(Path path, String shown) {
        Path key = key(path);
        OpenBuffer buffer = open.get(key);
        if (buffer != null) {
            return new Snapshot(key, buffer.text(), OptionalInt.of(buffer.version()),
                    TextFormat.detect(buffer.text(), TextDecoder.startsWithBom(key)), buffer.lines());
        }
        byte[] bytes = readDisk(key, shown);
        try {
            Snapshot fromDisk = TextDecoder.decode(Path.of(shown), bytes);
            return new Snapshot(key, fromDisk.text(), OptionalInt.empty(), fromDisk.format(), fromDisk.lines());
        } catch (FileRefusedException e) {
            throw new FileRefusedException(key, e.reason(), e.getMessage());
        }
    }

    /**
     * The bytes of an open buffer as the editor would save them (its text in UTF-8, behind the byte order mark the
     * file has on disk), or empty when the file is not open. Checkpoints record these, so a rollback restores what
     * the user saw, unsaved typing included, rather than the older text on disk.
     */
    public Optional<byte[]> openBufferBytes(Path path) {
        Path key = key(path);
        OpenBuffer buffer = open.get(key);
        if (buffer == null) {
            return Optional.empty();
        }
        return Optional.of(TextFormat.encode(buffer.text(), TextDecoder.startsWithBom(key)));
    }

    /** The file's bytes on disk, bounded by the size limit; refuses missing files and folders. */
    public byte[] readDisk(Path path, String shown) {
        if (Files.isDirectory(path)) {
            throw new FileRefusedException(path, FileRefusedException.Reason.DIRECTORY,
                    "'" + shown + "' is a directory, not a file");
        }
        try {
            long size = Files.size(path);
            if (size > maxBytes) {
                throw tooLarge(path, shown, size);
            }
            try (InputStream in = Files.newInputStream(path)) {
                byte[] bytes = in.readNBytes((int) maxBytes + 1);
                if (bytes.length > maxBytes) {
                    throw tooLarge(path, shown, bytes.length);
                }
                return bytes;
            }
        } catch (NoSuchFileException e) {
            throw new FileRefusedException(path, FileRefusedException.Reason.NOT_FOUND, "'" + shown + "' does not exist");
        } catch (IOException e) {
            throw new FileRefusedException(path, FileRefusedException.Reason.IO,
                    "'" + shown + "' cannot be read: " + e.getMessage(), e);
        }
    }

    private FileRefusedException tooLarge(Path path, String shown, long size) {
        return new FileRefusedException(path, FileRefusedException.Reason.TOO_LARGE, String.format(Locale.ROOT,
                "'%s' is %s (%d bytes); the limit for reading a file as text is %s (%d bytes)", shown, human(size),
                size, human(maxBytes), maxBytes));
    }

    static String human(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024));
    }

    /** The real location of {@code path} (or of its parent, for a file that does not exist yet). */
    static Path key(Path path) {
        Path abs = path.toAbsolutePath().normalize();
        try {
            return abs.toRealPath();
        } catch (IOException e) {
            Path parent = abs.getParent();
            if (parent != null && Files.exists(parent, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    return parent.toRealPath().resolve(abs.getFileName());
                } catch (IOException ignored) {
                    return abs;
                }
            }
            return abs;
        }
    }
}
