package dev.agentls.bench;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One edit benchmark case over several runs: each run's median, their median, and that median against the case's
 * limit (a fixed floor, or the goal ratio times the anchor's median). What {@code scripts/bench-edit} prints last.
 */
record RunMedians(EditBench.Case c, double[] runs) {

    RunMedians {
        if (runs.length == 0) {
            throw new IllegalArgumentException(c.name() + " has no run");
        }
        runs = runs.clone();
    }

    /** The median of the runs' medians (the mean of the middle two for an even count). */
    double median() {
        double[] sorted = runs.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Whether the median is within the case's limit; a case without one is always within it. */
    boolean ok() {
        if (c.anchorMs().isPresent() && Double.isNaN(c.goalRatio()) || c.anchorMs().isEmpty() && c.shape().isPresent()) {
            return true;
        }
        return median() <= c.limitMs();
    }

    /** The case's line: name, median, the runs, and the anchor, ratio and goal (or floor), then OK or MISSED. */
    String line() {
        double median = median();
        String against;
        if (c.anchorMs().isPresent()) {
            double anchor = c.anchorMs().getAsDouble();
            against = String.format(Locale.ROOT, "anchor %.3f ms, ratio %.2fx, %s", anchor, median / anchor,
                    Double.isNaN(c.goalRatio()) ? "no goal" : String.format(Locale.ROOT, "goal <= %.1fx", c.goalRatio()));
        } else if (c.shape().isPresent()) {
            against = "no anchor figure";
        } else {
            against = String.format(Locale.ROOT, "floor %.1f ms, no anchor", c.floorMs());
        }
        String each = Arrays.stream(runs).mapToObj(v -> String.format(Locale.ROOT, "%.3f", v))
                .collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, "%-32s median %.3f ms (runs: %s) (%s) %s", c.name(), median, each, against,
                ok() ? "OK" : "MISSED");
    }
}
