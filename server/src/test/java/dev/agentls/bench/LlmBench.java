package dev.agentls.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * What {@code scripts/bench-llm} runs: the model-streaming benchmarks, each reported as the median of its
 * measurement iterations and checked against its floor. Exit status 0 when every selected benchmark meets its floor.
 *
 * <p>Arguments: {@code [parser|client|all] [--quick]}. To add a benchmark, add a case to {@link #run} and a method
 * like {@link #parserThroughput} that runs its JMH class and prints one result line.
 */
public final class LlmBench {

    static final double PARSER_FLOOR_MB_PER_S = 50.0;
    static final double CLIENT_FLOOR_MICROS = 100.0;

    private LlmBench() {}

    public static void main(String[] args) throws RunnerException {
        List<String> list = Arrays.asList(args);
        boolean quick = list.contains("--quick");
        String which = list.stream().filter(a -> !a.startsWith("--")).findFirst().orElse("all");
        boolean ok = run(which, quick);
        System.exit(ok ? 0 : 1);
    }

    static boolean run(String which, boolean quick) throws RunnerException {
        boolean ok = true;
        boolean known = false;
        if (which.equals("parser") || which.equals("all")) {
            known = true;
            ok &= parserThroughput(quick);
        }
        if (which.equals("client") || which.equals("all")) {
            known = true;
            ok &= clientChunkLatency(quick);
        }
        if (!known) {
            System.err.println("unknown benchmark '" + which + "'; expected parser, client or all");
            return false;
        }
        return ok;
    }

    /** XML parser throughput in MB/s (UTF-8 bytes per second), median of the measurement iterations. */
    static boolean parserThroughput(boolean quick) throws RunnerException {
        Options options = options(XmlParserThroughputBench.class, quick).build();
        RunResult result = new Runner(options).runSingle();
        double medianMs = median(result);
        double megabytes = XmlParserThroughputBench.streamBytes() / 1_000_000.0;
        double mbPerS = megabytes / (medianMs / 1000.0);
        boolean ok = mbPerS >= PARSER_FLOOR_MB_PER_S;
        System.out.printf(Locale.ROOT, "xml-parser-throughput: %.1f MB/s median (%.1f ms per %.2f MB stream in 1-64"
                        + " char chunks; floor %.0f MB/s) %s%n", mbPerS, medianMs, megabytes, PARSER_FLOOR_MB_PER_S,
                ok ? "OK" : "BELOW FLOOR");
        return ok;
    }

    /**
     * The client's added latency per streamed chunk: median per-chunk round trip through the real client minus the
     * same through a raw socket reader (see {@link ClientChunkLatencyBench}).
     */
    static boolean clientChunkLatency(boolean quick) throws RunnerException {
        Options options = options(ClientChunkLatencyBench.class, quick).build();
        double client = Double.NaN;
        double raw = Double.NaN;
        for (RunResult result : new Runner(options).run()) {
            double median = result.getPrimaryResult().getStatistics().getPercentile(50.0);
            if (result.getParams().getBenchmark().endsWith(".client")) {
                client = median;
            } else {
                raw = median;
            }
        }
        double added = client - raw;
        boolean ok = added <= CLIENT_FLOOR_MICROS;
        System.out.printf(Locale.ROOT, "client-chunk-latency: %.1f us added per chunk, median (client %.1f us, raw"
                        + " socket %.1f us per chunk round trip; floor %.0f us) %s%n", added, client, raw,
                CLIENT_FLOOR_MICROS, ok ? "OK" : "ABOVE FLOOR");
        return ok;
    }

    static OptionsBuilder options(Class<?> bench, boolean quick) {
        OptionsBuilder b = new OptionsBuilder();
        b.include(bench.getName());
        b.forks(1);
        b.warmupIterations(quick ? 2 : 5);
        b.warmupTime(TimeValue.seconds(quick ? 1 : 2));
        b.measurementIterations(quick ? 3 : 10);
        b.measurementTime(TimeValue.seconds(quick ? 1 : 2));
        b.jvmArgsAppend("-Xmx2g");
        return b;
    }

    /** The median score of the measurement iterations, in the benchmark's own unit. */
    static double median(RunResult result) {
        List<Double> scores = new ArrayList<>();
        for (IterationResult it : result.getBenchmarkResults().iterator().next().getIterationResults()) {
            scores.add(it.getPrimaryResult().getScore());
        }
        scores.sort(Double::compare);
        int n = scores.size();
        return n % 2 == 1 ? scores.get(n / 2) : (scores.get(n / 2 - 1) + scores.get(n / 2)) / 2;
    }
}
