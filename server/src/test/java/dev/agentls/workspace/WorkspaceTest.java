package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceTest {

    @TempDir
    Path tmp;

    @Test
    void wiresTheIndexSearchDenyListAndFolderChanges() throws Exception {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        Files.writeString(a.resolve("x.txt"), "NEEDLE a\n");
        Files.writeString(b.resolve("y.txt"), "NEEDLE b\n");
        Files.writeString(a.resolve(".env"), "NEEDLE secret\n");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        AtomicInteger builds = new AtomicInteger();
        try {
            Workspace ws = new Workspace(new WorkspaceRoots(List.of(a)), new DocumentStore(), pool, 2,
                    Clock.systemUTC(), builds::incrementAndGet, tmp.resolve("a/.agentls/checkpoints"));
            ws.start().get(30, TimeUnit.SECONDS);
            assertEquals(1, builds.get());
            assertEquals(List.of("x.txt"), ws.grep().grep(GrepQuery.of("NEEDLE", true, 50)).matches().stream()
                    .map(GrepMatch::path).toList());
            PathRefusedException e = assertThrows(PathRefusedException.class, () -> ws.resolveAllowed(".env"));
            assertTrue(e.getMessage().startsWith("'.env' is on the deny list"), e.getMessage());
            assertTrue(ws.denied(a.resolve(".env")).isPresent());
            assertEquals(Optional.empty(), ws.denied(Path.of("/etc/passwd")));
            ws.onFoldersChanged(List.of(b), List.of()).get(30, TimeUnit.SECONDS);
            assertEquals(List.of("a/x.txt", "b/y.txt"), ws.grep().grep(GrepQuery.of("NEEDLE", true, 50)).matches()
                    .stream().map(GrepMatch::path).toList());
            Files.writeString(b.resolve("z.txt"), "NEEDLE z\n");
            ws.onFilesChanged(List.of(b.resolve("z.txt")), List.of(), List.of());
            assertEquals(3, ws.grep().grep(GrepQuery.of("NEEDLE", true, 50)).matches().size());
            String cp = ws.checkpoints().create(null, "t", List.of(ws.roots().resolve("a/x.txt")));
            assertTrue(Files.exists(tmp.resolve("a/.agentls/checkpoints/" + cp + ".ckpt")));
        } finally {
            pool.shutdownNow();
        }
    }
}
