package dev.agentls.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * What {@code scripts/bench-edit} runs: each edit benchmark's median (JMH {@code SampleTime}, 50th percentile),
 * checked against its floor and compared with its anchor (Cline's applier in node on the same shape) where there is
 * one. Arguments: {@code [FILTER] [--quick]}; FILTER picks the cases whose name contains it. To add a case, add a JMH
 * method to a class in this package and one {@link Case} line to {@link #CASES}. Exit status 1 when a case misses its
 * floor.
 */
public final class EditBench {

    /**
     * One benchmark: its name, the JMH method it runs, its floor, and its anchor as a low and high figure (equal when
     * the anchor was one figure; NaN when there is none), in ms.
     */
    record Case(String name, Class<?> bench, String method, double floorMs, double anchorLowMs, double anchorHighMs) {
        Case(String name, Class<?> bench, String method, double floorMs, double anchorMs) {
            this(name, bench, method, floorMs, anchorMs, anchorMs);
        }
    }

    static final List<Case> CASES = List.of(
            new Case("exact", EditEngineBench.class, "exactNearEndOf50k", 0.5, 0.25),
            new Case("line-trimmed", EditEngineBench.class, "reindentedNearEndOf50k", 2.0, 3.7),
            new Case("block-anchor", EditEngineBench.class, "blockAnchorNearEndOf50k", 4.0, 6.6, 8.0),
            new Case("twenty-blocks", EditEngineBench.class, "twentyBlocksOver10k", 0.5, 0.17),
            new Case("apply-and-minimal-edits", EditEngineBench.class, "applyAndMinimalEditsOn50k", 5.0, Double.NaN),
            new Case("lazy-three-hunks-5k", LazyMergeBench.class, "threeHunksOn5kJava", 10.0, Double.NaN));

    private EditBench() {}

    public static void main(String[] args) throws RunnerException {
        List<String> list = Arrays.asList(args);
        boolean quick = list.contains("--quick");
        String filter = list.stream().filter(a -> !a.startsWith("--")).findFirst().orElse("");
        List<Case> picked = new ArrayList<>();
        for (Case c : CASES) {
            if (c.name().contains(filter)) {
                picked.add(c);
            }
        }
        if (picked.isEmpty()) {
            System.err.println("no edit benchmark matches '" + filter + "'; cases: "
                    + CASES.stream().map(Case::name).toList());
            System.exit(2);
        }
        boolean ok = true;
        for (Case c : picked) {
            ok &= run(c, quick);
        }
        System.exit(ok ? 0 : 1);
    }

    static boolean run(Case c, boolean quick) throws RunnerException {
        OptionsBuilder b = new OptionsBuilder();
        b.include(c.bench().getName() + "." + c.method() + "$");
        b.forks(1);
        b.warmupIterations(quick ? 2 : 5);
        b.warmupTime(TimeValue.seconds(quick ? 1 : 2));
        b.measurementIterations(quick ? 3 : 10);
        b.measurementTime(TimeValue.seconds(quick ? 1 : 2));
        b.jvmArgsAppend("-Xmx2g");
        RunResult result = new Runner(b.build()).runSingle();
        double median = result.getPrimaryResult().getStatistics().getPercentile(50.0);
        boolean ok = median <= c.floorMs();
        String anchor;
        if (Double.isNaN(c.anchorLowMs())) {
            anchor = "no anchor";
        } else if (c.anchorLowMs() == c.anchorHighMs()) {
            anchor = String.format(Locale.ROOT, "anchor %.2f ms, ratio %.2fx", c.anchorLowMs(), median / c.anchorLowMs());
        } else {
            anchor = String.format(Locale.ROOT, "anchor %.1f-%.1f ms, ratio %.2f-%.2fx", c.anchorLowMs(),
                    c.anchorHighMs(), median / c.anchorHighMs(), median / c.anchorLowMs());
        }
        System.out.printf(Locale.ROOT, "%-24s median %.3f ms (floor %.1f ms; %s) %s%n", c.name(), median,
                c.floorMs(), anchor, ok ? "OK" : "ABOVE FLOOR");
        return ok;
    }
}
