package dev.agentls.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code scripts/bench-edit} reads from {@code ../shared/edit-bench-shapes}: the anchor's figures and shapes. */
class AnchorShapesTest {

    @TempDir
    Path dir;

    @Test
    void readsEachShapesAnchorMedianFromTheReadmeTable() throws IOException {
        Files.writeString(dir.resolve("README.md"), """
                | shape | what | Cline median |
                | --- | --- | --- |
                | `i_exact_50k` | one exact block | 0.184 ms |
                | `iv_anchor_50k` | a block-anchor shape (with a | in it) | 9.23 ms |
                | `broken` | no figure | n/a |
                """);
        assertEquals(Map.of("i_exact_50k", 0.184, "iv_anchor_50k", 9.23), AnchorShapes.anchorMedians(dir));
    }

    @Test
    void everySharedShapeHasAnAnchorFigureAndTheEngineAppliesTheExactOnesAsExpected() {
        Optional<Path> folder = AnchorShapes.folder();
        assumeTrue(folder.isPresent(), "../shared/edit-bench-shapes is absent");
        Map<String, Double> medians = AnchorShapes.anchorMedians(folder.get());
        for (String name : AnchorShapes.NAMES) {
            assertTrue(medians.getOrDefault(name, 0.0) > 0, name + " has no anchor figure in " + medians);
        }
        assertEquals("applied, equal to expected.txt (1 blocks, stages [exact])",
                EditBench.outcome(AnchorShapes.load(folder.get(), "i_exact_50k")));
        assertEquals("applied, equal to expected.txt (20 blocks, stages [exact])",
                EditBench.outcome(AnchorShapes.load(folder.get(), "iii_20x_exact_10k")));
    }
}
