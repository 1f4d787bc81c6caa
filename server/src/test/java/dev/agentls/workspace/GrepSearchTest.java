package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("slow")
class GrepSearchTest {

    @TempDir
    Path root;

    private final ExecutorService pool = Executors.newFixedThreadPool(2);
    private final DocumentStore documents = new DocumentStore();
    private WorkspaceRoots roots;
    private FileIndex index;
    private GrepSearch search;

    private void write(String rel, String text) throws IOException {
        Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    @BeforeEach
    void layOut() throws Exception {
        write("src/App.java", "class App {\n  // TODO: start\n  Cache cache = new CacheManager();\n}\n");
        write("src/Util.java", "class Util {\r\n  // FIXME later\r\n  // TODOS are not TODO\r\n}\r\n");
        write("docs/notes.md", "caché in French\nCACHE upper\nmycache joined\n");
        write("build/out.txt", "TODO in ignored output\n");
        write(".gitignore", "build/\n");
        write(".env", "SECRET_TODO=1\n");
        Files.write(root.resolve("src/logo.png"), new byte[] {'T', 'O', 'D', 'O', 0, 1, 2});
        roots = new WorkspaceRoots(List.of(root));
        start();
    }

    private void start() throws Exception {
        index = new FileIndex(roots, new PathPolicy(), pool, Clock.systemUTC(), Duration.ofHours(1));
        index.start().get(30, TimeUnit.SECONDS);
        search = new GrepSearch(index, documents, pool, 2);
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    private List<String> found(String pattern, boolean caseSensitive) {
        return search.grep(GrepQuery.of(pattern, caseSensitive, 50)).matches().stream()
                .map(m -> m.path() + ":" + m.line() + ":" + m.text()).toList();
    }

    @Test
    void findsLiteralsWithPathLineAndTrimmedTextSkippingIgnoredDeniedAndBinary() {
        assertEquals(List.of("src/App.java:2:// TODO: start", "src/Util.java:3:// TODOS are not TODO"),
                found("TODO", true));
    }

    @Test
    void alternationWithWordBoundaryNeedsAWholeWord() {
        assertEquals(List.of("src/App.java:2:// TODO: start", "src/Util.java:2:// FIXME later",
                "src/Util.java:3:// TODOS are not TODO"), found("(TODO|FIXME)\\b", true));
        assertEquals(List.of("src/App.java:2:// TODO: start", "src/Util.java:3:// TODOS are not TODO"),
                found("(TODO|TODOS)\\b: ?|TODOS", true));
        assertEquals(List.of("src/Util.java:3:// TODOS are not TODO"), found("\\b(TODO|TODOS)\\b are", true));
    }

    @Test
    void caseInsensitiveWordRespectsBoundariesAndUnicode() {
        assertEquals(List.of("docs/notes.md:2:CACHE upper", "src/App.java:3:Cache cache = new CacheManager();"),
                found("\\bcache\\b", false));
        assertEquals(List.of("docs/notes.md:1:caché in French"), found("caché", true));
        assertEquals(List.of("docs/notes.md:1:caché in French"), found("cach[^e ]", true));
    }

    @Test
    void regexWithoutLiteralsStillMatchesEveryLine() {
        assertEquals(List.of("src/App.java:3:Cache cache = new CacheManager();"), found("[A-Z]\\w+\\(\\)", true));
        assertEquals(List.of("docs/notes.md:2:CACHE upper"), found("^[A-Z]+ ", true));
    }

    @Test
    void badRegexNamesTheProblemAndPosition() {
        QueryRefusedException e = assertThrows(QueryRefusedException.class, () -> found("foo(bar", true));
        assertTrue(e.getMessage().contains("invalid regular expression 'foo(bar'"), e.getMessage());
        assertTrue(e.getMessage().contains("missing closing )"), e.getMessage());
        QueryRefusedException star = assertThrows(QueryRefusedException.class, () -> found("ab**", true));
        assertTrue(star.getMessage().contains("invalid nested repetition operator at '**' (position 2)"),
                star.getMessage());
        assertTrue(assertThrows(QueryRefusedException.class, () -> found("", true)).getMessage().contains("empty"));
        assertTrue(assertThrows(QueryRefusedException.class, () -> found("a\nb", true)).getMessage()
                .contains("line break"));
    }

    @Test
    void includeAndExcludeGlobsWithBraces() {
        GrepQuery md = new GrepQuery("(?i)cache", true, "*.{md,txt}", null, 50, false);
        assertEquals(List.of("docs/notes.md", "docs/notes.md"),
                search.grep(md).matches().stream().map(GrepMatch::path).toList());
        GrepQuery noDocs = new GrepQuery("(?i)cache", true, null, "docs", 50, false);
        assertTrue(search.grep(noDocs).matches().stream().allMatch(m -> m.path().startsWith("src/")));
        GrepQuery path = new GrepQuery("TODO", true, "src/**/Util.java", null, 50, false);
        assertEquals(1, search.grep(path).matches().size());
    }

    @Test
    void unusableGlobsAreRefusedNamingWhichOne() {
        QueryRefusedException nul = assertThrows(QueryRefusedException.class,
                () -> search.grep(new GrepQuery("x", true, "a\u0000b", null, 50, false)));
        assertEquals("the include glob is not usable (too long or a NUL byte)", nul.getMessage());
        QueryRefusedException many = assertThrows(QueryRefusedException.class,
                () -> search.grep(new GrepQuery("x", true, null, "{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b}", 50, false)));
        assertTrue(many.getMessage().startsWith("the exclude glob expands to "), many.getMessage());
        assertTrue(many.getMessage().endsWith("patterns; the limit is 256"), many.getMessage());
    }

    @Test
    void filteredResultsFollowIndexChangesThoughTheFilterIsCached() throws IOException {
        GrepQuery md = new GrepQuery("NOTE", true, "*.md", null, 50, false);
        assertTrue(search.grep(md).matches().isEmpty());
        write("docs/more.md", "NOTE added\n");
        index.onFilesChanged(List.of(root.resolve("docs/more.md")), List.of(), List.of());
        assertEquals(List.of("docs/more.md"), search.grep(md).matches().stream().map(GrepMatch::path).toList());
    }

    @Test
    void firstNStopsAndSaysMoreExistWhileCountAllCountsEveryLine() throws Exception {
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            big.append("hit ").append(i).append('\n');
        }
        for (int f = 0; f < 20; f++) {
            write(String.format("gen/f%02d.txt", f), big.toString());
        }
        start();
        GrepResult first = search.grep(GrepQuery.of("hit", true, 50));
        assertEquals(50, first.matches().size());
        assertTrue(first.more());
        assertEquals(-1, first.totalMatches());
        assertEquals("gen/f00.txt:50:hit 49", first.matches().get(49).path() + ":" + first.matches().get(49).line()
                + ":" + first.matches().get(49).text());
        GrepResult all = search.grep(new GrepQuery("hit", true, null, null, 50, true));
        assertEquals(6000, all.totalMatches());
        assertEquals(first.matches(), all.matches());
        GrepResult exactly = search.grep(GrepQuery.of("hit 299", true, 20));
        assertEquals(20, exactly.matches().size());
        assertFalse(exactly.more());
    }

    @Test
    void openBuffersAreSearchedInsteadOfDisk() {
        documents.didOpen(root.resolve("src/App.java"), 2, "class App { // UNSAVED marker }\n");
        assertEquals(List.of("src/App.java:1:class App { // UNSAVED marker }"), found("UNSAVED", true));
        assertTrue(found("TODO: start", true).isEmpty());
    }

    @Test
    void notificationsAndRescansKeepTheIndexCurrent() throws Exception {
        write("src/New.java", "NEWTOKEN\n");
        assertTrue(found("NEWTOKEN", true).isEmpty(), "not yet notified");
        index.onFilesChanged(List.of(root.resolve("src/New.java")), List.of(), List.of());
        assertEquals(List.of("src/New.java:1:NEWTOKEN"), found("NEWTOKEN", true));
        Files.delete(root.resolve("src/New.java"));
        index.onFilesChanged(List.of(), List.of(), List.of(root.resolve("src/New.java")));
        assertTrue(found("NEWTOKEN", true).isEmpty());
        write("src/Later.java", "LATERTOKEN\n");
        Files.writeString(root.resolve(".gitignore"), "build/\nsrc/App.java\n");
        index.rescan().get(30, TimeUnit.SECONDS);
        assertEquals(List.of("src/Later.java:1:LATERTOKEN"), found("LATERTOKEN", true));
        index.onFilesChanged(List.of(), List.of(root.resolve(".gitignore")), List.of());
        assertTrue(found("TODO: start", true).isEmpty(), "newly ignored file left the index on the notification");
        Files.writeString(root.resolve(".gitignore"), "");
        index.onFilesChanged(List.of(), List.of(root.resolve(".gitignore")), List.of());
        assertEquals(List.of("build/out.txt:1:TODO in ignored output"), found("TODO in ignored", true),
                "no longer ignored: indexed at once");
        index.onFilesChanged(List.of(root.resolve("src/vanished.txt")), List.of(), List.of());
        assertEquals(3, search.grep(new GrepQuery("TODO", true, null, null, Integer.MAX_VALUE, false)).matches().size(),
                "an unbounded maximum does not overflow");
    }

    @Test
    void quietIndexRescansQuicklyForNewAndDeletedFilesAndFullyForInPlaceWrites() throws Exception {
        MutableClock clock = new MutableClock();
        index = new FileIndex(roots, new PathPolicy(), pool, clock, Duration.ofSeconds(5));
        index.start().get(30, TimeUnit.SECONDS);
        search = new GrepSearch(index, documents, pool, 2);
        write("src/deeper/Quiet.java", "QUIETTOKEN\n");
        Files.delete(root.resolve("docs/notes.md"));
        assertTrue(found("QUIETTOKEN", true).isEmpty());
        index.rescanIfQuiet().get(30, TimeUnit.SECONDS);
        assertTrue(found("QUIETTOKEN", true).isEmpty(), "not quiet long enough yet");
        clock.advance(Duration.ofSeconds(6));
        index.rescanIfQuiet().get(30, TimeUnit.SECONDS);
        assertEquals(List.of("src/deeper/Quiet.java:1:QUIETTOKEN"), found("QUIETTOKEN", true));
        assertTrue(found("caché", true).isEmpty(), "deleted file left the index");
        Files.writeString(root.resolve("src/App.java"), "INPLACE\n", java.nio.file.StandardOpenOption.APPEND);
        clock.advance(Duration.ofSeconds(6));
        index.rescanIfQuiet().get(30, TimeUnit.SECONDS);
        assertTrue(found("INPLACE", true).isEmpty(), "an in-place write waits for the full rescan");
        clock.advance(FileIndex.FULL_RESCAN_EVERY);
        index.rescanIfQuiet().get(30, TimeUnit.SECONDS);
        assertEquals(1, found("INPLACE", true).size());
    }

    @Test
    void multiRootResultsNameTheirRoot() throws Exception {
        Path other = Files.createDirectories(root.resolveSibling(root.getFileName() + "-other"));
        Files.writeString(other.resolve("x.txt"), "TODO other\n");
        roots.change(List.of(other), List.of());
        index.onRootsChanged().get(30, TimeUnit.SECONDS);
        List<String> all = found("TODO other", true);
        assertEquals(List.of(other.getFileName() + "/x.txt:1:TODO other"), all);
    }

    @Test
    void longLinesAreBoundedAndBinaryHugeFilesKnownOnce() throws Exception {
        write("long.txt", "x".repeat(1000) + "NEEDLE\n");
        Files.write(root.resolve("huge.log"), ("NEEDLE\n".repeat(200_000)).getBytes(StandardCharsets.UTF_8));
        index = new FileIndex(roots, new PathPolicy(), pool, Clock.systemUTC(), Duration.ofHours(1), 1_000_000);
        index.start().get(30, TimeUnit.SECONDS);
        search = new GrepSearch(index, documents, pool, 2);
        List<GrepMatch> m = search.grep(GrepQuery.of("NEEDLE", true, 50)).matches();
        assertEquals(1, m.size());
        assertEquals(GrepSearch.MAX_LINE_CHARS + 1, m.get(0).text().length());
    }

    @Test
    void filesPastTheMemoryBudgetStayOnDiskAndAreStillSearched() throws Exception {
        List<String> everything = found("TODO", true);
        index = new FileIndex(roots, new PathPolicy(), pool, Clock.systemUTC(), Duration.ofHours(1),
                FileIndex.DEFAULT_MAX_FILE_BYTES, () -> { }, 60);
        index.start().get(30, TimeUnit.SECONDS);
        search = new GrepSearch(index, documents, pool, 2);
        assertTrue(index.stats().contentBytes() <= 60, "held " + index.stats().contentBytes());
        assertTrue(java.util.Arrays.stream(index.warm().get(0).files())
                .anyMatch(f -> f.kind() == IndexedFile.Kind.UNCACHED));
        assertEquals(everything, found("TODO", true));
        assertEquals(2, search.grep(new GrepQuery("TODO", true, null, null, 50, true)).totalMatches());
    }

    /** A clock tests move by hand. */
    static final class MutableClock extends Clock {
        private java.time.Instant now = java.time.Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public java.time.ZoneId getZone() {
            return java.time.ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public java.time.Instant instant() {
            return now;
        }
    }
}
