package dev.agentls.bench;

import dev.agentls.edit.EditOutcome;
import dev.agentls.edit.MinimalEdits;
import dev.agentls.edit.SearchReplaceBlock;
import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.TextReplacement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The edit engine on the shapes of issue 2 (run by {@code scripts/bench-edit}, which checks the floors): one exact
 * 10-line block near the end of a 50,000-line file, the same re-indented (line-trimmed stage), a block-anchor match,
 * 20 blocks over a 10,000-line file, and the whole path (apply and minimal edits) on 50,000 lines. Every benchmark
 * asserts its outcome once in setup, so a fast wrong answer cannot pass for a result.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class EditEngineBench {

    private final SearchReplaceEngine engine = new SearchReplaceEngine();
    private String big;
    private String medium;
    private List<SearchReplaceBlock> exact;
    private List<SearchReplaceBlock> reindented;
    private List<SearchReplaceBlock> anchored;
    private List<SearchReplaceBlock> twenty;

    @Setup
    public void setUp() {
        big = EditShapes.javaFile(50_000, 42);
        medium = EditShapes.javaFile(10_000, 7);
        int line = EditShapes.methodNear(big, 49_900);
        String block = EditShapes.lines(big, line, 10);
        exact = List.of(new SearchReplaceBlock(1, block, EditShapes.rename(block)));
        String shifted = EditShapes.dedent(block, 4);
        reindented = List.of(new SearchReplaceBlock(1, shifted, EditShapes.rename(shifted)));
        // Cline's block-anchor shape: middle lines carry comments the file lacks (rule 10 forgives comments, never
        // code), so exact, line-trimmed and whitespace-normalized fail and the anchor stage matches.
        String[] anchorLines = block.split("\n", -1);
        anchorLines[3] = anchorLines[3] + " // as I recall";
        anchorLines[5] = anchorLines[5] + " // roughly";
        String anchorSearch = String.join("\n", anchorLines);
        anchored = List.of(new SearchReplaceBlock(1, anchorSearch, EditShapes.rename(block)));
        twenty = EditShapes.spreadBlocks(medium, 20);
        expect(engine.apply(big, exact), "exact");
        expect(engine.apply(big, reindented), "line-trimmed");
        expect(engine.apply("Generated.java", big, anchored), "block-anchor");
        expect(engine.apply(medium, twenty), "exact");
    }

    private static void expect(EditOutcome outcome, String strategy) {
        if (!(outcome instanceof EditOutcome.Applied applied)) {
            throw new IllegalStateException("benchmark shape refused: " + outcome);
        }
        if (!applied.matches().get(0).strategy().equals(strategy)) {
            throw new IllegalStateException("expected " + strategy + ", got " + applied.matches());
        }
    }

    @Benchmark
    public EditOutcome exactNearEndOf50k() {
        return engine.apply(big, exact);
    }

    @Benchmark
    public EditOutcome reindentedNearEndOf50k() {
        return engine.apply(big, reindented);
    }

    @Benchmark
    public EditOutcome blockAnchorNearEndOf50k() {
        return engine.apply("Generated.java", big, anchored);
    }

    @Benchmark
    public EditOutcome twentyBlocksOver10k() {
        return engine.apply(medium, twenty);
    }

    @Benchmark
    public List<TextReplacement> applyAndMinimalEditsOn50k() {
        EditOutcome.Applied applied = (EditOutcome.Applied) engine.apply(big, exact);
        return MinimalEdits.between(big, applied.newText());
    }
}
