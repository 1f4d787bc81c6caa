package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("slow")
class EditCorpusCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @TempDir
    Path dir;

    private int run(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private List<String> outLines() {
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void passesTheSharedCorpusWithOnlyListedDivergences() {
        Path corpus = Path.of(System.getProperty("agentls.repoRoot", ".")).resolve("../shared/edit-corpus");
        assumeTrue(Files.isDirectory(corpus), "../shared/edit-corpus is absent");
        int status = run("edit-corpus", corpus.toString());
        List<String> lines = outLines();
        String last = lines.get(lines.size() - 1);
        assertTrue(last.matches("\\d+ passed, 0 failed, \\d+ skipped"), String.join("\n", lines));
        assertEquals(0, status);
        assertTrue(lines.stream().limit(lines.size() - 1L).allMatch(l -> l.startsWith("DIVERGE ")), String.join("\n", lines));
        long listedHere = new CorpusDivergences().ids().stream().filter(idsOf(corpus)::contains).count();
        assertEquals(listedHere, lines.size() - 1, "every listed divergence of this corpus still diverges");
    }

    private Set<String> idsOf(Path corpus) {
        Set<String> ids = new HashSet<>();
        try (Stream<Path> files = Files.list(corpus)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                new EditCorpusCommand().read(f).forEach(e -> ids.add(e.id()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ids;
    }

    @Test
    void passesTheRealModelEditsExceptExactlyTheIdsItsReadmeExcludes() throws IOException {
        Path corpus = Path.of(System.getProperty("agentls.repoRoot", ".")).resolve("../shared/real-model-edits");
        assumeTrue(Files.isDirectory(corpus), "../shared/real-model-edits is absent");
        List<String> excludedRows = Files.readAllLines(corpus.resolve("README.md")).stream()
                .filter(l -> l.startsWith("| `") && (l.contains("` | doubtful |") || l.contains("` | policy |")))
                .map(l -> l.substring(3, l.indexOf('`', 3))).toList();
        int status = run("edit-corpus", corpus.toString());
        List<String> lines = outLines();
        String report = String.join("\n", lines);
        assertEquals(excludedRows, lines.stream().filter(l -> l.startsWith("EXCLUDED "))
                .map(l -> l.substring("EXCLUDED ".length(), l.indexOf(':'))).toList(), report);
        assertTrue(lines.contains(excludedRows.size() + " excluded by the corpus README"), report);
        String last = lines.get(lines.size() - 1);
        assertTrue(last.matches("\\d+ passed, 0 failed, \\d+ skipped"), report);
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("WRONG ") || l.startsWith("REFUSED ")), report);
        assertEquals(0, status, report);
    }

    @Test
    void dropsExactlyTheEntriesItsReadmeExcludesAndRefusesAnExclusionOfAnUnknownId() throws IOException {
        Files.writeString(dir.resolve("README.md"), """
                | id | class | reason |
                |---|---|---|
                | `bad` | doubtful | the recorded result is not the tool's |
                | `not-a-row` | maybe | not a class the table knows |
                """);
        Files.writeString(dir.resolve("c.json"), """
                [
                 {"id": "ok", "format": "search_replace", "original": "a\\nb\\n",
                  "edit": "------- SEARCH\\nb\\n=======\\nB\\n+++++++ REPLACE", "expected": "a\\nB\\n", "expect_error": false},
                 {"id": "bad", "format": "search_replace", "original": "a\\nb\\n",
                  "edit": "------- SEARCH\\nb\\n=======\\nB\\n+++++++ REPLACE", "expected": "nonsense", "expect_error": false},
                 {"id": "not-a-row", "format": "search_replace", "original": "a\\n",
                  "edit": "------- SEARCH\\na\\n=======\\nA\\n+++++++ REPLACE", "expected": "x", "expect_error": false}
                ]
                """);
        assertEquals(1, run("edit-corpus", dir.toString()));
        assertEquals(List.of(
                "EXCLUDED bad: doubtful per the corpus README: the recorded result is not the tool's",
                "WRONG not-a-row: differs at character 0: expected \"x\", got \"A\\n\"",
                "1 excluded by the corpus README",
                "1 passed, 1 failed, 0 skipped"), outLines());

        Files.writeString(dir.resolve("README.md"), "| `gone` | policy | an id the data lacks |\n");
        assertEquals(2, run("edit-corpus", dir.toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("README.md excludes gone, which no entry of "
                + dir + " has"), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void runsEachEntryThroughARealFileSoABomIsHandledAsUsersGetIt() throws IOException {
        // A BOM before the first line: as a string it is part of the line, so the indentation-forgiving match
        // would fail; a user's file is read without it, matched, and written back with it.
        Files.writeString(dir.resolve("bom.json"), """
                [
                 {"id": "bom-trimmed", "format": "search_replace", "path": "A.java",
                  "original": "\\ufeffclass A {\\r\\n  int x;\\r\\n}\\r\\n",
                  "edit": "------- SEARCH\\nclass A {\\n    int x;\\n}\\n=======\\nclass A {\\n    int y;\\n}\\n+++++++ REPLACE",
                  "expected": "\\ufeffclass A {\\r\\n  int y;\\r\\n}\\r\\n", "expect_error": false}
                ]
                """);
        assertEquals(0, run("edit-corpus", dir.toString()), outLines().toString());
        assertEquals(List.of("1 passed, 0 failed, 0 skipped"), outLines());
    }

    @Test
    void printsEachFailureWithItsCategoryAndExitsNonZero() throws IOException {
        Files.writeString(dir.resolve("mine.json"), """
                [
                 {"id": "ok", "format": "search_replace", "original": "a\\nb\\n",
                  "edit": "------- SEARCH\\nb\\n=======\\nB\\n+++++++ REPLACE", "expected": "a\\nB\\n", "expect_error": false},
                 {"id": "wrong", "format": "search_replace", "original": "a\\nb\\n",
                  "edit": "------- SEARCH\\nb\\n=======\\nB\\n+++++++ REPLACE", "expected": "a\\nC\\n", "expect_error": false},
                 {"id": "refused", "format": "search_replace", "original": "a\\n",
                  "edit": "------- SEARCH\\nzzz\\n=======\\nB\\n+++++++ REPLACE", "expected": "B\\n", "expect_error": false},
                 {"id": "fact", "format": "search_replace", "original": "x\\ny\\nx\\n",
                  "edit": "------- SEARCH\\nx\\n=======\\nB\\n+++++++ REPLACE", "expected": null, "expect_error": true,
                  "error_must_mention": ["block 1", "line 3", "lines 7-9"]},
                 {"id": "fact-ok", "format": "search_replace", "original": "x\\ny\\nx\\n", "path": "a.txt",
                  "edit": "------- SEARCH\\nx\\n=======\\nB\\n+++++++ REPLACE", "expected": null, "expect_error": true,
                  "error_must_mention": ["block 1", "line 1, line 3"]},
                 {"id": "applied-error", "format": "search_replace", "original": "a\\n",
                  "edit": "------- SEARCH\\na\\n=======\\nB\\n+++++++ REPLACE", "expected": null, "expect_error": true},
                 {"id": "lazy", "format": "lazy", "original": "x = 1\\ny = 2\\n", "path": "v.py",
                  "edit": "# ... existing code ...\\ny = 3\\n", "expected": "x = 1\\ny = 3\\n", "expect_error": false},
                 {"id": "later", "format": "unified_diff", "original": "a\\n", "edit": "@@ -1 +1 @@",
                  "expected": "b\\n", "expect_error": false}
                ]
                """);
        assertEquals(1, run("edit-corpus", dir.toString()));
        assertEquals(List.of(
                "WRONG wrong: differs at character 2: expected \"a\\nC\\n\", got \"a\\nB\\n\"",
                "REFUSED refused: entry.txt: SEARCH block 1 not found; nothing was applied",
                "MISSING-FACT fact: the message lacks \"lines 7-9\": entry.txt: SEARCH block 1 is ambiguous: it matches 2 places"
                        + " (exact match): line 1, line 3; add surrounding lines so it matches one place; nothing was"
                        + " applied",
                "WRONG applied-error: applied an edit that must be refused; result \"B\\n\"",
                "3 passed, 4 failed, 1 skipped"), outLines());
    }

    @Test
    void unreadableCorpusExitsTwoNamingTheProblem() throws IOException {
        Files.writeString(dir.resolve("bad.json"), "{\"not\": \"an array\"}");
        assertEquals(2, run("edit-corpus", dir.toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("bad.json: not a JSON array of entries"));
        assertEquals(2, run("edit-corpus", dir.resolve("missing").toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("missing is not a folder or a file"));
    }

    @Test
    void withoutFoldersItIsAUsageError() {
        assertEquals(2, run("edit-corpus"));
        assertTrue(err.toString(StandardCharsets.UTF_8)
                .contains("agentls edit-corpus: give one or more folders of edit-corpus JSON files"));
    }

    @Test
    void isLeftOutOfTheUsageListing() {
        run("--help");
        assertTrue(!out.toString(StandardCharsets.UTF_8).contains("edit-corpus"));
    }
}
