package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSearchAndListingTest {

    @TempDir
    Path root;

    private final ExecutorService pool = Executors.newFixedThreadPool(2);
    private WorkspaceRoots roots;
    private FileSearch files;
    private final PathPolicy policy = new PathPolicy();

    private void write(String rel, String text) throws IOException {
        Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    @BeforeEach
    void layOut() throws Exception {
        write("src/main/java/demo/AppConfig.java", "class AppConfig {}");
        write("src/main/java/demo/ApplicationContextConfig.java", "x");
        write("src/test/java/demo/AppConfigTest.java", "x");
        write("docs/app-configuration.md", "x");
        write("README.md", "x");
        write("build/AppConfig.class", "x");
        write(".gitignore", "build/\n");
        write(".env", "SECRET=1");
        write("keys/server.pem", "x");
        roots = new WorkspaceRoots(List.of(root));
        FileIndex index = new FileIndex(roots, policy, pool, Clock.systemUTC(), Duration.ofHours(1));
        index.start().get(30, TimeUnit.SECONDS);
        files = new FileSearch(index);
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    private List<String> paths(String query) {
        return files.search(query, 10).stream().map(FileSearch.FileHit::path).toList();
    }

    @Test
    void exactFileNameRanksFirstThenWordBoundaryMatches() {
        List<String> hits = paths("AppConfig");
        assertEquals("src/main/java/demo/AppConfig.java", hits.get(0));
        assertTrue(hits.contains("src/test/java/demo/AppConfigTest.java"));
        assertFalse(hits.contains("build/AppConfig.class"), "ignored");
    }

    @Test
    void abbreviationsMatchByBoundaries() {
        assertEquals("src/main/java/demo/ApplicationContextConfig.java", paths("ACC").get(0));
        assertEquals("src/test/java/demo/AppConfigTest.java", paths("appconftest").get(0));
        assertEquals("README.md", paths("readme").get(0));
    }

    @Test
    void deniedAndNonMatchingFilesNeverAppear() {
        assertTrue(paths("env").stream().noneMatch(p -> p.endsWith(".env")));
        assertTrue(paths("pem").isEmpty());
        assertTrue(paths("zzzz").isEmpty());
        assertEquals(2, files.search("java", 2).size());
        assertTrue(assertThrows(QueryRefusedException.class, () -> files.search("  ", 10)).getMessage()
                .contains("empty"));
        assertEquals("the file search query is 201 characters; the limit is 200",
                assertThrows(QueryRefusedException.class, () -> files.search("x".repeat(201), 10)).getMessage());
    }

    @Test
    void listsFoldersFirstWithSizesHidingIgnoredAndDenied() {
        DirectoryLister.Listing l = new DirectoryLister(policy).list(roots.resolve("."), 1, 100);
        List<String> names = l.entries().stream().map(DirectoryLister.Entry::name).toList();
        assertEquals(List.of("docs", "keys", "src", ".gitignore", "README.md"), names);
        assertEquals(2, l.hidden(), "build/ and .env");
        DirectoryLister.Entry readme = l.entries().get(4);
        assertEquals(1, readme.size());
        assertEquals(DirectoryLister.Kind.FILE, readme.kind());
        assertEquals(0, l.entries().get(1).children(), "keys/server.pem is denied, so not even counted");
    }

    @Test
    void depthAndEntryBoundsTruncateBreadthFirstInTreeOrder() {
        DirectoryLister lister = new DirectoryLister(policy);
        DirectoryLister.Listing deep = lister.list(roots.resolve("src"), 5, 100);
        assertEquals(List.of("src/main", "src/main/java", "src/main/java/demo", "src/main/java/demo/AppConfig.java",
                "src/main/java/demo/ApplicationContextConfig.java", "src/test", "src/test/java", "src/test/java/demo",
                "src/test/java/demo/AppConfigTest.java"), deep.entries().stream().map(DirectoryLister.Entry::path).toList());
        DirectoryLister.Listing tight = lister.list(roots.resolve("src"), 5, 3);
        assertEquals(List.of("src/main", "src/main/java", "src/test"),
                tight.entries().stream().map(DirectoryLister.Entry::path).toList());
        assertTrue(tight.truncated() > 0);
        FileRefusedException e = assertThrows(FileRefusedException.class,
                () -> lister.list(roots.resolve("README.md"), 1, 10));
        assertTrue(e.getMessage().contains("'README.md' is a file, not a folder"), e.getMessage());
    }
}
