package dev.agentls.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.syntax.SyntaxParser;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repo map in an editor session: files edited after the first build weigh in the ranking (newest most), and a
 * buffer change, read from the editor's text rather than disk, shows in the very next map.
 */
class RepoMapRecentEditsTest {

    private static final String REPORT = "tools/sales_report.py";

    @TempDir
    Path temp;
    private Path root;
    private ExecutorService executor;
    private final Map<Path, String> buffers = new ConcurrentHashMap<>();
    private RepoMap map;

    @BeforeEach
    void build() throws Exception {
        root = TestWorkspaces.copy("repomap", temp.resolve("shop"));
        executor = Executors.newFixedThreadPool(2);
        FileTexts editorFirst = file -> Optional.ofNullable(buffers.get(file)).or(() -> FileTexts.DISK.read(file));
        map = new RepoMap(new WorkspaceRoots(List.of(root)), new SyntaxParser(), executor, 2,
                TokenCounter.estimate(), editorFirst);
        map.start().get(30, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    private List<String> rankedFiles() {
        return RepoMapRankingTest.files(map.render(RepoMapFocus.NONE, 100_000).text());
    }

    @Test
    void aFileEditedAfterTheBuildRanksUpAndLeadsTheRecentList() throws Exception {
        List<String> before = rankedFiles();
        int was = before.indexOf(REPORT);
        assertTrue(was > 0, "the report script is not the first file without edits: " + before);
        assertEquals(List.of(), map.recentlyEdited(), "the first build is no edit");

        Path file = root.resolve(REPORT);
        Files.writeString(file, Files.readString(file) + "\n\ndef monthly_totals(rows):\n    return rows\n");
        map.onFilesChanged(List.of(file), List.of()).get(30, TimeUnit.SECONDS);

        List<String> after = rankedFiles();
        assertEquals(List.of(REPORT), map.recentlyEdited());
        assertTrue(after.indexOf(REPORT) < was, "ranked " + was + " before the edit, " + after.indexOf(REPORT)
                + " after: " + after);
        assertEquals(REPORT, after.get(0), after.toString());
    }

    @Test
    void theNewestEditWeighsMostAndAnEventWithoutNewContentIsNoEdit() throws Exception {
        Path report = root.resolve(REPORT);
        Path cart = root.resolve("web/cart.js");
        Files.writeString(report, Files.readString(report) + "\n# edited\n");
        map.onFilesChanged(List.of(report), List.of()).get(30, TimeUnit.SECONDS);
        Files.writeString(cart, Files.readString(cart) + "\n// edited\n");
        map.onFilesChanged(List.of(cart), List.of()).get(30, TimeUnit.SECONDS);
        map.onFilesChanged(List.of(report), List.of()).get(30, TimeUnit.SECONDS); // touched, same content

        assertEquals(List.of("web/cart.js", REPORT), map.recentlyEdited());
        List<String> ranked = rankedFiles();
        assertTrue(ranked.indexOf("web/cart.js") < ranked.indexOf(REPORT), ranked.toString());

        Files.delete(cart);
        map.onFilesChanged(List.of(), List.of(root.resolve("web"))).get(30, TimeUnit.SECONDS);
        assertEquals(List.of(REPORT), map.recentlyEdited(), "a deleted file is no longer worked on");
    }

    @Test
    void aBufferChangeIsReadFromTheEditorsTextAndShowsInTheNextMapAtOnce() throws Exception {
        Path file = root.resolve("src/main/java/shop/Money.java");
        String disk = Files.readString(file);
        buffers.put(file, disk.replaceFirst("\\}\\s*$", "    public Money refundOf(Money paid) { return paid; }\n}\n"));
        map.markChanged(file);
        map.markChanged(file); // typing reports every keystroke: read once

        String text = map.render(RepoMapFocus.NONE, 100_000).text();
        assertTrue(text.contains("public Money refundOf(Money paid) {"), text);
        assertTrue(map.complete());
        assertEquals(List.of("src/main/java/shop/Money.java"), map.recentlyEdited());
        assertEquals(disk, Files.readString(file), "the map never writes");

        buffers.remove(file); // the buffer closed unsaved: disk's text again
        map.markChanged(file);
        assertFalse(map.render(RepoMapFocus.NONE, 100_000).text().contains("refundOf"));
    }
}
