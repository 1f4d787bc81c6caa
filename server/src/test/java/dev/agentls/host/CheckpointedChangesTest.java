package dev.agentls.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.workspace.Checkpoint;
import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.WorkspaceException;
import dev.agentls.workspace.WorkspaceRoots;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointedChangesTest {

    @TempDir
    Path root;

    @Test
    void logsEachFilesChangeOnceAppliedCountingLinesPastItsByteOrderMark() throws IOException {
        Files.write(root.resolve("bom.txt"), ("\uFEFFone\ntwo\n").getBytes(StandardCharsets.UTF_8));
        Files.writeString(root.resolve("gone.txt"), "a\nb\nc\n");
        WorkspaceRoots roots = new WorkspaceRoots(List.of(root));
        List<ResolvedPath> paths = List.of(roots.resolve("bom.txt"), roots.resolve("gone.txt"),
                roots.resolve("new.txt"));
        CheckpointStore store = new CheckpointStore(Clock.systemUTC());

        CheckpointedChanges checkpoint = CheckpointedChanges.before(store, "conv", "edit three files", paths);
        assertTrue(store.list("conv").get(0).changes().isEmpty(), "nothing is logged before the changes are applied");
        checkpoint.applied(List.of(
                new FileChange.Modify(paths.get(0).absolute(), OptionalInt.empty(), "one\ntwo\n", "one\nTWO\n"),
                new FileChange.Delete(paths.get(1).absolute()),
                new FileChange.Create(paths.get(2).absolute(), "x\n")));

        Checkpoint logged = store.list("conv").get(0);
        assertEquals(checkpoint.id(), logged.id());
        assertEquals(List.of(
                new Checkpoint.Change("bom.txt", Checkpoint.Kind.MODIFIED, 1, 1),
                new Checkpoint.Change("gone.txt", Checkpoint.Kind.DELETED, 0, 3),
                new Checkpoint.Change("new.txt", Checkpoint.Kind.ADDED, 1, 0)), logged.changes());
    }

    @Test
    void aFileThatCannotBeRecordedStopsTheChangesBeforeAnyCheckpoint() throws IOException {
        Files.createDirectories(root.resolve("folder"));
        WorkspaceRoots roots = new WorkspaceRoots(List.of(root));
        CheckpointStore store = new CheckpointStore(Clock.systemUTC());

        WorkspaceException refused = assertThrows(WorkspaceException.class, () ->
                CheckpointedChanges.before(store, "conv", "edit a folder", List.of(roots.resolve("folder"))));
        assertTrue(refused.getMessage().contains("'folder' is a folder"), refused.getMessage());
        assertTrue(store.list("conv").isEmpty());
    }
}
