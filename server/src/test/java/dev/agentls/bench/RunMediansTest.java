package dev.agentls.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** What {@code scripts/bench-edit} prints last: per case, the median of its runs' medians against the anchor. */
class RunMediansTest {

    private static EditBench.Case shape(double goal, double anchorMs) {
        return new EditBench.Case("iii_20x_exact_10k disk-read", AnchorShapesBench.class, "diskRead",
                Optional.of("iii_20x_exact_10k"), 0, goal, OptionalDouble.of(anchorMs));
    }

    @Test
    void theMedianOfThreeRunsIsTheMiddleOneAndIsComparedWithTheAnchorsFigure() {
        RunMedians m = new RunMedians(shape(1.0, 0.166), new double[] {0.210, 0.120, 0.130});
        assertEquals(0.130, m.median(), 1e-12);
        assertTrue(m.ok());
        assertEquals("iii_20x_exact_10k disk-read      median 0.130 ms (runs: 0.210, 0.120, 0.130) (anchor 0.166 ms,"
                + " ratio 0.78x, goal <= 1.0x) OK", m.line());
    }

    @Test
    void anEvenCountTakesTheMeanOfTheMiddleTwoAndAMedianOverTheGoalIsMissed() {
        RunMedians m = new RunMedians(shape(0.5, 6.46), new double[] {3.1, 3.5, 3.3, 3.9});
        assertEquals(3.4, m.median(), 1e-12);
        assertFalse(m.ok());
        assertTrue(m.line().endsWith("(anchor 6.460 ms, ratio 0.53x, goal <= 0.5x) MISSED"), m.line());
    }

    @Test
    void aCaseWithoutAGoalIsNeverMissedAndOwnCasesAreHeldToTheirFloor() {
        assertTrue(new RunMedians(shape(Double.NaN, 0.184), new double[] {9.0}).line()
                .endsWith("(anchor 0.184 ms, ratio 48.91x, no goal) OK"));
        EditBench.Case own = EditBench.Case.own("exact", EditEngineBench.class, "exactNearEndOf50k", 0.5);
        assertEquals("exact                            median 0.600 ms (runs: 0.600) (floor 0.5 ms, no anchor) MISSED",
                new RunMedians(own, new double[] {0.6}).line());
    }

    @Test
    void refusesACaseWithoutRunsNamingIt() {
        assertEquals("exact has no run", assertThrows(IllegalArgumentException.class, () -> new RunMedians(
                EditBench.Case.own("exact", EditEngineBench.class, "exactNearEndOf50k", 0.5), new double[0]))
                .getMessage());
    }
}
