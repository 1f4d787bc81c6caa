package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocumentStoreTest {

    @TempDir
    Path dir;

    private final DocumentStore store = new DocumentStore();

    private Path file(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    @Test
    void openBufferOverridesDiskAndCarriesItsVersion() throws IOException {
        Path p = file("a.txt", "disk\n".getBytes(StandardCharsets.UTF_8));
        store.didOpen(p, 3, "buffer\n");
        Snapshot s = store.snapshot(p);
        assertEquals("buffer\n", s.text());
        assertEquals(OptionalInt.of(3), s.version());
        store.didChange(p, 5, "newer\n");
        store.didChange(p, 4, "late\n");
        assertEquals("newer\n", store.snapshot(p).text());
        assertEquals(OptionalInt.of(5), store.snapshot(p).version());
        store.didClose(p);
        assertEquals("disk\n", store.snapshot(p).text());
        assertTrue(store.snapshot(p).version().isEmpty());
    }

    @Test
    void bufferOpenedThroughASymlinkIsFoundByItsRealPath() throws IOException {
        Path p = file("real.txt", "disk".getBytes(StandardCharsets.UTF_8));
        Path link = Files.createSymbolicLink(dir.resolve("link.txt"), p);
        store.didOpen(link, 1, "buffer");
        assertEquals("buffer", store.snapshot(p.toRealPath()).text());
    }

    @Test
    void detectsBomCrlfAndFinalNewlineAndStripsTheBom() throws IOException {
        byte[] bytes = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', '\r', '\n', 'b', '\r', '\n', 'c', '\n'};
        Snapshot s = store.snapshot(file("bom.txt", bytes));
        assertEquals("a\r\nb\r\nc\n", s.text());
        assertEquals(new TextFormat(LineEnding.CRLF, true, true), s.format());
    }

    @Test
    void noFinalNewlineAndNoLineBreaksDefaultToLf() throws IOException {
        Snapshot s = store.snapshot(file("one.txt", "just text".getBytes(StandardCharsets.UTF_8)));
        assertEquals(new TextFormat(LineEnding.LF, false, false), s.format());
        assertEquals(new TextFormat(LineEnding.LF, false, false), store.snapshot(file("e.txt", new byte[0])).format());
    }

    @Test
    void openBufferKeepsTheBomOfTheFileOnDisk() throws IOException {
        Path p = file("b.txt", new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'x'});
        store.didOpen(p, 1, "y\r\n");
        assertEquals(new TextFormat(LineEnding.CRLF, true, true), store.snapshot(p).format());
    }

    @Test
    void refusesBinaryNamingTheNulOffset() throws IOException {
        Path p = file("img.bin", new byte[] {'P', 'N', 'G', 0, 1, 2});
        FileRefusedException e = assertThrows(FileRefusedException.class, () -> store.snapshot(p));
        assertEquals(FileRefusedException.Reason.BINARY, e.reason());
        assertTrue(e.getMessage().contains("NUL byte at offset 3"), e.getMessage());
        assertTrue(e.getMessage().contains("img.bin"), e.getMessage());
    }

    @Test
    void refusesControlCharacterSoup() throws IOException {
        byte[] bytes = new byte[100];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i % 2 == 0 ? 0x01 : 'a');
        }
        FileRefusedException e = assertThrows(FileRefusedException.class, () -> store.snapshot(file("c.dat", bytes)));
        assertTrue(e.getMessage().contains("50 of its first 100 bytes are control characters"), e.getMessage());
    }

    @Test
    void refusesUtf16NamingTheEncoding() throws IOException {
        Path p = file("u16.txt", new byte[] {(byte) 0xFF, (byte) 0xFE, 'a', 0});
        FileRefusedException e = assertThrows(FileRefusedException.class, () -> store.snapshot(p));
        assertTrue(e.getMessage().contains("UTF-16 byte order mark"), e.getMessage());
    }

    @Test
    void refusesInvalidUtf8NamingTheByteOffset() throws IOException {
        Path p = file("latin1.txt", new byte[] {'c', 'a', 'f', (byte) 0xE9, ' ', 'x'});
        FileRefusedException e = assertThrows(FileRefusedException.class, () -> store.snapshot(p));
        assertEquals(FileRefusedException.Reason.INVALID_ENCODING, e.reason());
        assertTrue(e.getMessage().contains("byte 0xE9 at offset 3"), e.getMessage());
    }

    @Test
    void invalidUtf8OffsetCountsTheBom() throws IOException {
        Path p = file("bomlatin.txt", new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', (byte) 0xFF});
        FileRefusedException e = assertThrows(FileRefusedException.class, () -> store.snapshot(p));
        assertTrue(e.getMessage().contains("byte 0xFF at offset 4"), e.getMessage());
    }

    @Test
    void refusesTenMegabyteFileWithItsSizeAndTheLimit() throws IOException {
        Path p = file("big.txt", "a".repeat(10_000_000).getBytes(StandardCharsets.UTF_8));
        FileRefusedException e = assertThrows(FileRefusedException.class, () -> store.snapshot(p));
        assertEquals(FileRefusedException.Reason.TOO_LARGE, e.reason());
        assertTrue(e.getMessage().contains("9.5 MiB (10000000 bytes)"), e.getMessage());
        assertTrue(e.getMessage().contains("8.0 MiB (8388608 bytes)"), e.getMessage());
    }

    @Test
    void missingFilesAndDirectoriesAreTypedRefusals() throws IOException {
        FileRefusedException missing = assertThrows(FileRefusedException.class,
                () -> store.snapshot(dir.resolve("nope.txt")));
        assertEquals(FileRefusedException.Reason.NOT_FOUND, missing.reason());
        assertTrue(missing.getMessage().contains("nope.txt' does not exist"), missing.getMessage());
        Files.createDirectories(dir.resolve("sub"));
        FileRefusedException folder = assertThrows(FileRefusedException.class, () -> store.snapshot(dir.resolve("sub")));
        assertEquals(FileRefusedException.Reason.DIRECTORY, folder.reason());
    }

    @Test
    void messagesNameTheWorkspaceRelativePathWhenResolved() throws IOException {
        file("gone.bin", new byte[] {0});
        ResolvedPath p = new WorkspaceRoots(List.of(dir)).resolve("gone.bin");
        FileRefusedException e = assertThrows(FileRefusedException.class, () -> store.snapshot(p));
        assertTrue(e.getMessage().startsWith("'gone.bin' looks binary"), e.getMessage());
    }

    @Test
    void concurrentChangesKeepTheNewestVersion() throws Exception {
        Path p = file("race.txt", new byte[0]);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> all = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int offset = t;
                all.add(pool.submit(() -> {
                    for (int v = offset; v < 2000; v += 4) {
                        store.didChange(p, v, "v" + v);
                    }
                }));
            }
            for (Future<?> f : all) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals("v1999", store.snapshot(p).text());
        assertFalse(store.openPaths().isEmpty());
    }

    @Test
    void textAfterAVersionIsTheFirstNewerTextTheEditorSends() throws Exception {
        DocumentStore store = new DocumentStore();
        Path p = file("W.java", "v1".getBytes(StandardCharsets.UTF_8));
        store.didOpen(p, 1, "v1");
        var waiting = store.textAfter(p, 1);
        assertFalse(waiting.isDone());
        store.didChange(p, 1, "v1 again");
        assertFalse(waiting.isDone(), "the same version is not newer");
        store.didChange(p, 2, "v2");
        assertEquals(java.util.Optional.of("v2"), waiting.get(5, TimeUnit.SECONDS));
        assertEquals(java.util.Optional.of("v2"), store.textAfter(p, 1).get(5, TimeUnit.SECONDS), "already there");
    }

    @Test
    void textAfterAVersionIsEmptyForAClosedOrUnopenedBuffer() throws Exception {
        DocumentStore store = new DocumentStore();
        Path p = file("C.java", "c".getBytes(StandardCharsets.UTF_8));
        assertEquals(java.util.Optional.empty(), store.textAfter(p, 0).get(5, TimeUnit.SECONDS));
        store.didOpen(p, 3, "c");
        var waiting = store.textAfter(p, 3);
        store.didClose(p);
        assertEquals(java.util.Optional.empty(), waiting.get(5, TimeUnit.SECONDS));
    }

    @Test
    void textAfterMissesNoChangeThatRacesTheWait() throws Exception {
        DocumentStore store = new DocumentStore();
        Path p = file("R.java", "r".getBytes(StandardCharsets.UTF_8));
        store.didOpen(p, 0, "r0");
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            for (int v = 1; v <= 2_000; v++) {
                int version = v;
                Future<?> change = pool.submit(() -> store.didChange(p, version, "r" + version));
                var waiting = store.textAfter(p, version - 1);
                change.get(5, TimeUnit.SECONDS);
                assertEquals(java.util.Optional.of("r" + version), waiting.get(5, TimeUnit.SECONDS), "version " + v);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
