package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicWriterTest {

    @TempDir
    Path dir;

    private final AtomicWriter writer = new AtomicWriter();
    private final DocumentStore store = new DocumentStore();

    @Test
    void roundTripKeepsBomCrlfAndNoFinalNewlineByteForByte() throws IOException {
        byte[] original = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', '\r', '\n', 'b'};
        Path p = Files.write(dir.resolve("f.txt"), original);
        Snapshot s = store.snapshot(p);
        writer.write(p, s.text(), s.format());
        assertArrayEquals(original, Files.readAllBytes(p));
        writer.write(p, s.text().replace("b", "c"), s.format());
        assertArrayEquals(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', '\r', '\n', 'c'}, Files.readAllBytes(p));
    }

    @Test
    void keepsPermissions() throws IOException {
        Path p = Files.writeString(dir.resolve("run.sh"), "echo hi\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-x---"));
        writer.write(p, "echo bye\n", TextFormat.NEW_FILE);
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(p)));
        assertEquals("echo bye\n", Files.readString(p));
    }

    @Test
    void createsParentFoldersWithUsualPermissions() throws IOException {
        Path p = dir.resolve("a/b/c/New.java");
        writer.write(p, "class New {}\n", TextFormat.NEW_FILE);
        assertEquals("class New {}\n", Files.readString(p));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(p)));
    }

    @Test
    void failureLeavesNoTempFileAndTheOldFileIntact() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("target"));
        IOException e = assertThrows(IOException.class, () -> writer.write(folder, "x", TextFormat.NEW_FILE));
        assertTrue(e.getMessage().contains("is a directory"), e.getMessage());
        Path readOnly = Files.createDirectories(dir.resolve("ro"));
        Path kept = Files.writeString(readOnly.resolve("kept.txt"), "old");
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-x------"));
        try {
            if (Files.isWritable(readOnly)) {
                return; // running as root: permissions do not stop writes, nothing to observe
            }
            assertThrows(IOException.class, () -> writer.write(kept, "new", TextFormat.NEW_FILE));
            assertEquals("old", Files.readString(kept));
        } finally {
            Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("rwx------"));
        }
        try (Stream<Path> all = Files.walk(dir)) {
            assertEquals(0, all.filter(x -> x.toString().endsWith(".agentls-tmp")).count());
        }
    }

    @Test
    void manyWritersOfOneFileAtOnceEachLandWholeAndLeaveNoTempFile() throws Exception {
        Path p = dir.resolve("shared.json");
        java.util.List<String> contents = java.util.stream.IntStream.range(0, 64)
                .mapToObj(i -> ("writer " + i + "\n").repeat(1000)).toList();
        contents.parallelStream().forEach(text -> {
            try {
                writer.writeBytes(p, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertTrue(contents.contains(Files.readString(p)), "the file is one writer's whole content");
        try (Stream<Path> all = Files.list(dir)) {
            assertEquals(java.util.List.of(p), all.toList());
        }
    }

    @Test
    void aHugeFileIsWrittenWholeAndByteForByte() throws IOException {
        byte[] bytes = new byte[24 << 20];
        new java.util.Random(7).nextBytes(bytes);
        Path p = dir.resolve("big.bin");
        writer.writeBytes(p, bytes);
        assertArrayEquals(bytes, Files.readAllBytes(p));
    }

    @Test
    void normalizeLineEndingsConvertsNewContentToTheFilesEnding() {
        TextFormat crlf = new TextFormat(LineEnding.CRLF, false, true);
        assertEquals("a\r\nb\r\nc", crlf.normalizeLineEndings("a\nb\r\nc"));
        assertEquals("a\nb\n", TextFormat.NEW_FILE.normalizeLineEndings("a\r\nb\r"));
    }
}
