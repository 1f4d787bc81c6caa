package dev.agentls.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.syntax.SyntaxParser;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The repo map following the workspace folders: an added root read in, a removed root's files gone, paths re-shown. */
class RepoMapRootsTest {

    @TempDir
    Path temp;
    private final ExecutorService executor = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void anAddedRootIsReadAndARemovedRootsFilesLeaveTheMap() throws Exception {
        Path shop = TestWorkspaces.copy("repomap", temp.resolve("shop"));
        Path books = Files.createDirectories(temp.resolve("books"));
        Files.writeString(books.resolve("Ledger.java"), "public final class Ledger {\n"
                + "    public long settleAccounts(long debit, long credit) { return debit - credit; }\n}\n");
        WorkspaceRoots roots = new WorkspaceRoots(List.of(shop));
        RepoMap map = new RepoMap(roots, new SyntaxParser(), executor, 2, TokenCounter.estimate());
        map.start().get(30, TimeUnit.SECONDS);
        List<String> before = RepoMapRankingTest.files(map.render(RepoMapFocus.NONE, 100_000).text());
        assertTrue(before.contains("src/main/java/shop/InvoiceFormatter.java"), before.toString());

        // both worker threads held, so the added root cannot be read before the map is asked
        CountDownLatch held = new CountDownLatch(1);
        for (int thread = 0; thread < 2; thread++) {
            executor.execute(() -> {
                try {
                    held.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        roots.change(List.of(books), List.of());
        var reading = map.onRootsChanged();
        assertFalse(map.complete(), "not complete while the added root is read");
        held.countDown();
        reading.get(30, TimeUnit.SECONDS);
        assertTrue(map.complete());
        String both = map.render(RepoMapFocus.NONE, 100_000).text();
        List<String> files = RepoMapRankingTest.files(both);
        assertTrue(files.contains("books/Ledger.java") && files.contains("shop/src/main/java/shop/InvoiceFormatter.java"),
                "two roots: every path names its root: " + files);
        assertEquals(before.size() + 1, files.size(), files.toString());
        assertTrue(both.contains("2: public long settleAccounts(long debit, long credit) {"), both);

        roots.change(List.of(), List.of(shop));
        map.onRootsChanged().get(30, TimeUnit.SECONDS);
        assertEquals(List.of("Ledger.java"), RepoMapRankingTest.files(map.render(RepoMapFocus.NONE, 100_000).text()));
        assertEquals(1, map.stats().files());
    }

    @Test
    void aRootChangeBeforeTheFirstBuildIsLeftToThatBuild() throws Exception {
        Path books = Files.createDirectories(temp.resolve("books"));
        Files.writeString(books.resolve("Ledger.java"), "public final class Ledger {}\n");
        WorkspaceRoots roots = new WorkspaceRoots(List.of());
        RepoMap map = new RepoMap(roots, new SyntaxParser(), executor, 2, TokenCounter.estimate());
        roots.change(List.of(books), List.of());
        assertTrue(map.onRootsChanged().isDone(), "nothing to do before start");
        map.start().get(30, TimeUnit.SECONDS);
        assertEquals(List.of("Ledger.java"), RepoMapRankingTest.files(map.render(RepoMapFocus.NONE, 100_000).text()));
    }
}
