package dev.agentls.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.GrepMatch;
import dev.agentls.workspace.GrepQuery;
import dev.agentls.workspace.GrepSearch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
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
    void wiresTheIndexAndFolderChangesAndKeepsCheckpointsForTheNextProcess() throws Exception {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        Files.writeString(a.resolve("x.txt"), "NEEDLE a\n");
        Files.writeString(b.resolve("y.txt"), "NEEDLE b\n");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        AtomicInteger builds = new AtomicInteger();
        try {
            Workspace ws = Workspace.open(List.of(a), new DocumentStore(), pool, Clock.systemUTC(),
                    builds::incrementAndGet);
            ws.index().start().get(30, TimeUnit.SECONDS);
            assertEquals(1, builds.get());
            GrepSearch grep = new GrepSearch(ws.index(), ws.documents(), pool, 2);
            assertEquals(List.of("x.txt"), grep.grep(GrepQuery.of("NEEDLE", true, 50)).matches().stream()
                    .map(GrepMatch::path).toList());
            ws.roots().change(List.of(b), List.of());
            ws.index().onRootsChanged().get(30, TimeUnit.SECONDS);
            assertEquals(List.of("a/x.txt", "b/y.txt"), grep.grep(GrepQuery.of("NEEDLE", true, 50)).matches()
                    .stream().map(GrepMatch::path).toList());

            String cp = ws.checkpoints().create(null, "t", List.of(ws.roots().resolve("a/x.txt")));
            assertTrue(Files.exists(a.resolve(Workspace.CHECKPOINTS).resolve(cp + ".ckpt")));
            CheckpointStore later = Workspace.open(List.of(a), new DocumentStore(), pool, Clock.systemUTC(),
                    () -> { }).checkpoints();
            assertEquals(List.of(cp), later.list(null).stream().map(c -> c.id()).toList());
        } finally {
            pool.shutdownNow();
        }
    }
}
