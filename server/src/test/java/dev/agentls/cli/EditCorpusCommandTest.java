package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        assertEquals(new CorpusDivergences().size(), lines.size() - 1, "every listed divergence still diverges");
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
                "REFUSED refused: SEARCH block 1 not found; nothing was applied",
                "MISSING-FACT fact: the message lacks \"lines 7-9\": SEARCH block 1 is ambiguous: it matches 2 places"
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
