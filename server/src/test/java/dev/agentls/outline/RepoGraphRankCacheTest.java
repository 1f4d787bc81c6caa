package dev.agentls.outline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RepoGraphRankCacheTest {

    private static SourceSymbols file(String hash, String defines, String... uses) {
        int[] counts = new int[uses.length];
        java.util.Arrays.fill(counts, 1);
        return new SourceSymbols(hash, List.of(new SourceSymbols.Tag(defines, "class", 1, 0, "class " + defines)),
                uses, counts);
    }

    @Test
    void theSameRestartOnTheSameGraphIsRankedOnceAndAnotherIsRankedAfresh() {
        RepoGraph graph = RepoGraph.of(Map.of("A.java", file("a", "Alpha", "Beta"), "B.java", file("b", "Beta",
                "Gamma"), "C.java", file("c", "Gamma", "Alpha")));
        double[] first = graph.rank(new double[] {1, 0, 0}, 0.85);
        double[] again = graph.rank(new double[] {1, 0, 0}, 0.85);
        assertSame(first, again, "served from the cache");

        double[] other = graph.rank(new double[] {0, 0, 1}, 0.85);
        assertNotSame(first, other);
        RepoGraph rebuilt = RepoGraph.of(Map.of("A.java", file("a", "Alpha", "Beta"), "B.java", file("b", "Beta",
                "Gamma"), "C.java", file("c", "Gamma", "Alpha")));
        assertArrayEquals(first, rebuilt.rank(new double[] {1, 0, 0}, 0.85), 1e-12, "cached equals computed");
        for (int i = 0; i < RepoGraph.RANKS_KEPT; i++) {
            graph.rank(new double[] {0, i + 1, 1}, 0.85);
        }
        assertNotSame(first, graph.rank(new double[] {1, 0, 0}, 0.85), "only the last few are kept");
    }
}
