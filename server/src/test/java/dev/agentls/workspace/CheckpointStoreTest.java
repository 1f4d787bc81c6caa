package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointStoreTest {

    private static final byte[] CRLF_BOM = bytes("\uFEFFline one\r\nline two\r\n");
    private static final byte[] NO_FINAL_NEWLINE = bytes("a\nb");

    @TempDir
    Path root;

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-22T12:00:00Z"), ZoneOffset.UTC);
    private final AtomicWriter writer = new AtomicWriter();
    private WorkspaceRoots roots;

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @BeforeEach
    void layOut() throws IOException {
        Files.write(root.resolve("crlf.txt"), CRLF_BOM);
        Files.write(root.resolve("keep.txt"), NO_FINAL_NEWLINE);
        Files.write(root.resolve("doomed.txt"), bytes("delete me\n"));
        roots = new WorkspaceRoots(List.of(root));
    }

    private ResolvedPath p(String rel) {
        return roots.resolve(rel);
    }

    /** Applies a plan the way a headless host would: exact bytes, or deletion. */
    private void apply(RestorePlan plan) throws IOException {
        for (RestorePlan.Action a : plan.actions()) {
            if (a instanceof RestorePlan.Write w) {
                writer.writeBytes(w.path(), w.bytes());
            } else if (a instanceof RestorePlan.Delete d) {
                Files.delete(d.path());
            }
        }
    }

    @Test
    void restoresCrlfBomDeletedAndCreatedFilesByteForByte() throws IOException {
        CheckpointStore store = new CheckpointStore(clock);
        String cp1 = store.create("conv-1", "edit crlf, delete doomed, create new",
                List.of(p("crlf.txt"), p("doomed.txt"), p("src/new/File.java")));
        writer.write(root.resolve("crlf.txt"), "line one\r\nline 2\r\nline three\r\n",
                new TextFormat(LineEnding.CRLF, true, true));
        Files.delete(root.resolve("doomed.txt"));
        writer.write(root.resolve("src/new/File.java"), "class File {}\n", TextFormat.NEW_FILE);
        assertEquals(new Checkpoint.Change("crlf.txt", Checkpoint.Kind.MODIFIED, 2, 1),
                store.logChange(cp1, p("crlf.txt"), Files.readAllBytes(root.resolve("crlf.txt"))));
        assertEquals(new Checkpoint.Change("doomed.txt", Checkpoint.Kind.DELETED, 0, 1),
                store.logChange(cp1, p("doomed.txt"), null));
        assertEquals(Checkpoint.Kind.ADDED, store.logChange(cp1, p("src/new/File.java"),
                bytes("class File {}\n")).kind());

        String cp2 = store.create("conv-1", "edit keep", List.of(p("keep.txt"), p("crlf.txt")));
        Files.write(root.resolve("keep.txt"), bytes("changed\n"));

        RestorePlan toCp2 = store.restorePlan(cp2);
        assertEquals(1, toCp2.actions().size(), "only keep.txt differs from its state at cp-2");
        RestorePlan plan = store.restorePlan(cp1);
        assertEquals(4, plan.actions().size());
        RestorePlan.Write crlf = (RestorePlan.Write) plan.actions().stream().filter(a -> a.display().equals("crlf.txt"))
                .findFirst().orElseThrow();
        assertTrue(crlf.text().format().bom());
        assertEquals(LineEnding.CRLF, crlf.text().format().lineEnding());
        apply(plan);
        assertArrayEquals(CRLF_BOM, Files.readAllBytes(root.resolve("crlf.txt")));
        assertArrayEquals(NO_FINAL_NEWLINE, Files.readAllBytes(root.resolve("keep.txt")));
        assertArrayEquals(bytes("delete me\n"), Files.readAllBytes(root.resolve("doomed.txt")));
        assertFalse(Files.exists(root.resolve("src/new/File.java")));
        assertTrue(store.restorePlan(cp1).actions().isEmpty(), "nothing left to restore");
    }

    @Test
    void listsCheckpointsWithTheirChangeLogPerConversation() throws IOException {
        CheckpointStore store = new CheckpointStore(clock);
        String a = store.create("conv-a", "first", List.of(p("keep.txt")));
        store.logChange(a, p("keep.txt"), bytes("a\nb\nc"));
        store.create(null, "no conversation", List.of(p("crlf.txt")));
        store.create("conv-b", "other", List.of(p("crlf.txt")));
        assertEquals(3, store.list(null).size());
        List<Checkpoint> convA = store.list("conv-a");
        assertEquals(1, convA.size());
        Checkpoint c = convA.get(0);
        assertEquals("cp-1", c.id());
        assertEquals(Optional.of("conv-a"), c.conversationId());
        assertEquals(clock.instant(), c.time());
        assertEquals(List.of(new Checkpoint.Change("keep.txt", Checkpoint.Kind.MODIFIED, 1, 0)), c.changes());
    }

    @Test
    void unknownAndDroppedCheckpointsAreRefusedWithFacts() throws IOException {
        CheckpointStore store = new CheckpointStore(clock, 25, null, null);
        Files.write(root.resolve("big.txt"), new byte[20]);
        store.create(null, "one", List.of(p("big.txt")));
        store.create(null, "two", List.of(p("big.txt")));
        CheckpointRefusedException dropped = assertThrows(CheckpointRefusedException.class, () -> store.restorePlan("cp-1"));
        assertTrue(dropped.getMessage().contains("checkpoint cp-1 was dropped to stay within the 25 B checkpoint budget; "
                + "the oldest kept is cp-2"), dropped.getMessage());
        CheckpointRefusedException unknown = assertThrows(CheckpointRefusedException.class, () -> store.restorePlan("cp-99"));
        assertTrue(unknown.getMessage().contains("there is no checkpoint 'cp-99'; known: cp-2"), unknown.getMessage());
        CheckpointRefusedException unrecorded = assertThrows(CheckpointRefusedException.class,
                () -> store.logChange("cp-2", p("keep.txt"), null));
        assertTrue(unrecorded.getMessage().contains("did not record 'keep.txt'"), unrecorded.getMessage());
    }

    @Test
    void aCheckpointThatCannotBeSavedOrRecordedIsRefusedWithTheReason() throws IOException {
        Path notAFolder = Files.writeString(root.resolve("blocker"), "x");
        CheckpointStore store = new CheckpointStore(clock, CheckpointStore.DEFAULT_BUDGET, notAFolder.resolve("cps"), null);
        CheckpointRefusedException save = assertThrows(CheckpointRefusedException.class,
                () -> store.create(null, "t", List.of(p("keep.txt"))));
        assertTrue(save.getMessage().startsWith("checkpoint cp-1 could not be saved in " + notAFolder.resolve("cps")),
                save.getMessage());
        Files.createDirectories(root.resolve("folder"));
        CheckpointRefusedException folder = assertThrows(CheckpointRefusedException.class,
                () -> new CheckpointStore(clock).create(null, "t", List.of(p("folder"))));
        assertEquals("'folder' is a folder; checkpoints record files", folder.getMessage());
    }

    @Test
    void persistedCheckpointsSurviveARestart() throws IOException {
        Path folder = root.resolve(".agentls/checkpoints");
        CheckpointStore first = new CheckpointStore(clock, CheckpointStore.DEFAULT_BUDGET, folder, null);
        String id = first.create("conv", "before edit", List.of(p("crlf.txt"), p("absent.txt")));
        first.logChange(id, p("crlf.txt"), bytes("x\r\n"));
        Files.write(root.resolve("crlf.txt"), bytes("x\r\n"));
        Files.write(root.resolve("absent.txt"), bytes("now here"));
        Files.writeString(folder.resolve("cp-7.ckpt"), "garbage");

        CheckpointStore second = new CheckpointStore(clock, CheckpointStore.DEFAULT_BUDGET, folder, null);
        assertEquals(List.of("cp-1"), second.list(null).stream().map(Checkpoint::id).toList());
        assertEquals(first.list(null).get(0).changes(), second.list(null).get(0).changes());
        apply(second.restorePlan(id));
        assertArrayEquals(CRLF_BOM, Files.readAllBytes(root.resolve("crlf.txt")));
        assertFalse(Files.exists(root.resolve("absent.txt")));
        assertEquals("cp-2", second.create(null, "next", List.of(p("keep.txt"))));
    }
}
