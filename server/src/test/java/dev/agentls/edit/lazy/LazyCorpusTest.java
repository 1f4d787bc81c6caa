package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.edit.EditOutcome;
import dev.agentls.syntax.SyntaxParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Continue's lazy-edit cases from the shared corpus (read at test time, never copied here): every active entry
 * must merge to exactly the expected text. Skipped cleanly when the corpus is absent.
 */
@Tag("slow")
class LazyCorpusTest {

    private final LazyMerger merger = new LazyMerger(new SyntaxParser());

    @TestFactory
    Stream<DynamicTest> everyActiveContinueEntryMergesExactly() throws IOException {
        Path corpus = Path.of(System.getProperty("agentls.repoRoot", "."), "..", "shared", "edit-corpus",
                "continue.json");
        assumeTrue(Files.isRegularFile(corpus), "edit corpus not found at " + corpus);
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode entry : new ObjectMapper().readTree(corpus.toFile())) {
            String id = entry.get("id").asText();
            if (!"lazy".equals(entry.get("format").asText()) || id.contains("skipped")) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest(id, () -> {
                String path = entry.hasNonNull("path") ? entry.get("path").asText() : null;
                EditOutcome result = merger.merge(path, entry.get("original").asText(),
                        entry.get("edit").asText());
                String text = result instanceof EditOutcome.Applied m ? m.newText() : "REFUSED: " + result;
                assertEquals(entry.get("expected").asText(), text, id);
            }));
        }
        assertEquals(10, tests.size(), "active lazy entries in " + corpus);
        return tests.stream();
    }
}
