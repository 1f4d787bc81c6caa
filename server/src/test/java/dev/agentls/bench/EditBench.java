package dev.agentls.bench;

import dev.agentls.edit.EditOutcome;
import dev.agentls.edit.ParseOutcome;
import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.SearchReplaceParser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * What {@code scripts/bench-edit} runs: each edit benchmark's median (JMH {@code SampleTime}, 50th percentile). The
 * anchor's shapes ({@link AnchorShapes}, when {@code ../shared/edit-bench-shapes} is there) are printed with the
 * anchor's median from that folder's README, the ratio, and the goal (exact and 20 exact blocks at most 1x the
 * anchor, every fallback at most 0.5x); the project's own cases with their floors. Each anchor shape's outcome is
 * checked against its {@code expected.txt} first and printed. Arguments: {@code [FILTER] [--quick] [--runs N]}; FILTER
 * picks the cases whose name contains it; every case is run N times (default 3, interleaved) and its median is the
 * median of those runs' medians, printed with each run's and the load average. Exit status 1 when a case's median
 * misses its floor or goal.
 */
public final class EditBench {

    /**
     * One benchmark: its name, the JMH method it runs (with its shape parameter, if any), and its limit: a fixed
     * floor in ms, or a ratio to the anchor's median read at run time.
     */
    record Case(String name, Class<?> bench, String method, Optional<String> shape, double floorMs, double goalRatio,
            OptionalDouble anchorMs) {

        static Case own(String name, Class<?> bench, String method, double floorMs) {
            return new Case(name, bench, method, Optional.empty(), floorMs, Double.NaN, OptionalDouble.empty());
        }

        double limitMs() {
            return anchorMs.isPresent() ? goalRatio * anchorMs.getAsDouble() : floorMs;
        }
    }

    static final List<Case> OWN = List.of(
            Case.own("exact", EditEngineBench.class, "exactNearEndOf50k", 0.5),
            Case.own("line-trimmed", EditEngineBench.class, "reindentedNearEndOf50k", 2.0),
            Case.own("block-anchor", EditEngineBench.class, "blockAnchorNearEndOf50k", 4.0),
            Case.own("twenty-blocks", EditEngineBench.class, "twentyBlocksOver10k", 0.5),
            Case.own("apply-and-minimal-edits", EditEngineBench.class, "applyAndMinimalEditsOn50k", 5.0),
            Case.own("lazy-three-hunks-5k", LazyMergeBench.class, "threeHunksOn5kJava", 10.0));

    /** The goal per anchor shape: exact shapes at most as slow as the anchor, fallbacks at most half. */
    static final Map<String, Double> GOALS = Map.of("i_exact_50k", 1.0, "ii_trimmed_50k", 0.5, "iii_20x_exact_10k", 1.0,
            "iv_anchor_50k", 0.5, "v_20x_trimmed_10k", 0.5);

    private EditBench() {}

    public static void main(String[] args) throws RunnerException {
        List<String> list = Arrays.asList(args);
        boolean quick = list.contains("--quick");
        int runs = 3;
        int at = list.indexOf("--runs");
        if (at >= 0) {
            runs = at + 1 < list.size() && list.get(at + 1).matches("[1-9][0-9]?") ? Integer.parseInt(list.get(at + 1)) : -1;
            if (runs < 1) {
                System.err.println("--runs takes a number of runs from 1 to 99");
                System.exit(2);
            }
        }
        String filter = "";
        for (int i = 0; i < list.size(); i++) {
            if (!list.get(i).startsWith("--") && (i == 0 || !list.get(i - 1).equals("--runs"))) {
                filter = list.get(i);
                break;
            }
        }
        List<Case> all = new ArrayList<>(anchorCases());
        all.addAll(OWN);
        String wanted = filter;
        List<Case> picked = all.stream().filter(c -> c.name().contains(wanted)).toList();
        if (picked.isEmpty()) {
            System.err.println("no edit benchmark matches '" + filter + "'; cases: " + all.stream().map(Case::name).toList());
            System.exit(2);
        }
        String loadBefore = LoadAverage.read();
        // Runs interleaved (every case once, then again), so a burst of load on the machine spreads over the cases.
        double[][] medians = new double[picked.size()][runs];
        for (int r = 0; r < runs; r++) {
            for (int k = 0; k < picked.size(); k++) {
                medians[k][r] = measure(picked.get(k), quick);
                System.out.printf(Locale.ROOT, "run %d/%d  %-32s median %.3f ms%n", r + 1, runs, picked.get(k).name(),
                        medians[k][r]);
            }
        }
        System.out.println("load average (1, 5, 15 min): before " + loadBefore + ", after " + LoadAverage.read());
        System.out.println("median of " + runs + " runs' medians per case:");
        boolean ok = true;
        for (int k = 0; k < picked.size(); k++) {
            RunMedians summary = new RunMedians(picked.get(k), medians[k]);
            System.out.println(summary.line());
            ok &= summary.ok();
        }
        System.exit(ok ? 0 : 1);
    }

    /**
     * Four cases per anchor shape (open buffer, open buffer with the new text built, read from disk, plain string),
     * and the reader's decode of the largest shape; none, said once, when the folder is absent.
     */
    static List<Case> anchorCases() {
        Optional<Path> folder = AnchorShapes.folder();
        if (folder.isEmpty()) {
            System.out.println("anchor shapes skipped: ../shared/edit-bench-shapes is absent");
            return List.of();
        }
        System.out.println("anchor shapes from " + folder.get() + "; anchor = Cline's median on the same bytes, from its"
                + " README.md. open-buffer: text and line starts as DocumentStore.snapshot hands them for an open"
                + " buffer (starts and line hashes built once per version, at didOpen/didChange); timed: EditTexts.of"
                + " + parse + apply, the new text left unbuilt (built on first newText()); open-buffer+text: the same"
                + " plus that newText() (no goal: the anchor's rope is never flattened in its figure). disk-read: the"
                + " snapshot DocumentStore.snapshot read from disk for an unopened file (a well-formed UTF-8 file comes with"
                + " the line starts its reader found in the same pass; the read is timed apart, as decode). plain-string:"
                + " the same call on a bare String (no line starts): what a caller without a snapshot gets; no goal.");
        List<Case> out = new ArrayList<>();
        for (String name : AnchorShapes.NAMES) {
            OptionalDouble anchor = AnchorShapes.anchorMedian(folder.get(), name);
            if (anchor.isEmpty()) {
                System.out.println(name + ": no anchor figure in the README; its goal cannot be checked");
            }
            System.out.println(name + ": " + outcome(AnchorShapes.load(folder.get(), name)));
            double goal = GOALS.get(name);
            out.add(new Case(name + " open-buffer", AnchorShapesBench.class, "openBuffer", Optional.of(name), 0, goal,
                    anchor));
            out.add(new Case(name + " open-buffer+text", AnchorShapesBench.class, "openBufferTextBuilt",
                    Optional.of(name), 0, Double.NaN, anchor));
            out.add(new Case(name + " disk-read", AnchorShapesBench.class, "diskRead", Optional.of(name), 0, goal,
                    anchor));
            out.add(new Case(name + " plain-string", AnchorShapesBench.class, "plainString", Optional.of(name), 0,
                    Double.NaN, anchor));
        }
        out.add(new Case("i_exact_50k decode (reader)", AnchorShapesBench.class, "decode", Optional.of("i_exact_50k"),
                0, Double.NaN, OptionalDouble.empty()));
        return out;
    }

    /** What the engine does with the shape, in words: applied as expected (and by which stage), refused, or wrong. */
    static String outcome(AnchorShapes.Shape shape) {
        ParseOutcome parsed = new SearchReplaceParser().parse(shape.diff());
        if (!(parsed instanceof ParseOutcome.Parsed p)) {
            return "the diff does not parse: " + parsed;
        }
        EditOutcome outcome = new SearchReplaceEngine().apply(AnchorShapes.FILE_NAME, shape.original(),
                p.files().get(0).blocks());
        if (outcome instanceof EditOutcome.Refused refused) {
            return "REFUSED: " + refused.failure().message();
        }
        EditOutcome.Applied applied = (EditOutcome.Applied) outcome;
        List<String> stages = applied.matches().stream().map(m -> String.valueOf(m.strategy())).distinct().toList();
        return (applied.newText().equals(shape.expected()) ? "applied, equal to expected.txt" : "applied, DIFFERENT"
                + " from expected.txt") + " (" + applied.matches().size() + " blocks, stages " + stages + ")";
    }

    /**
     * JMH refuses to start while another JMH run holds its machine-wide lock (other benchmarks on this machine): wait
     * for it, up to ten minutes, rather than run two benchmarks against each other or give up on the case.
     */
    private static RunResult runWaitingForTheLock(OptionsBuilder b) throws RunnerException {
        for (int attempt = 0; ; attempt++) {
            try {
                return new Runner(b.build()).runSingle();
            } catch (RunnerException e) {
                if (attempt >= 120 || String.valueOf(e.getMessage()).indexOf("JMH lock") < 0) {
                    throw e;
                }
                System.err.println("another JMH run holds the lock; waiting 5 s");
                try {
                    Thread.sleep(5_000);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /**
     * One JMH run of the case: its median in ms. A run is 3 warm-up and 4 measured one-second iterations in one fork
     * (each iteration samples thousands of calls; the medians of runs of 5 + 10 iterations spread no less, see
     * BENCHMARKS.md), so several runs fit where one used to.
     */
    static double measure(Case c, boolean quick) throws RunnerException {
        OptionsBuilder b = new OptionsBuilder();
        b.include(c.bench().getName() + "." + c.method() + "$");
        c.shape().ifPresent(s -> b.param("shape", s));
        b.forks(1);
        b.warmupIterations(quick ? 1 : 3);
        b.warmupTime(TimeValue.seconds(1));
        b.measurementIterations(quick ? 2 : 4);
        b.measurementTime(TimeValue.seconds(1));
        b.jvmArgsAppend("-Xmx2g");
        b.verbosity(VerboseMode.SILENT);
        RunResult result = runWaitingForTheLock(b);
        return result.getPrimaryResult().getStatistics().getPercentile(50.0);
    }
}
