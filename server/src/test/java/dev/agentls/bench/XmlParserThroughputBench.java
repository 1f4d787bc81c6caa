package dev.agentls.bench;

import dev.agentls.llm.xml.RealisticAnswers;
import dev.agentls.llm.xml.XmlToolStreamParser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Throughput of the XML tool-mode parser: one operation parses a 10 MB stream of realistic answers (text, thinking,
 * tool calls with multi-line code full of '<' and '>') fed in seeded random 1-64 character chunks, as a model's
 * stream arrives. The chunks are cut before timing, so only parsing and event delivery are measured.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class XmlParserThroughputBench {

    static final long SEED = 20261122L;
    static final int STREAM_CHARS = 10 * 1024 * 1024;
    static final Set<String> TOOLS = Set.of("read_file", "write_to_file", "replace_in_file", "execute_command",
            "attempt_completion", "list_dir");

    private String[] chunks;

    /** The benchmark's stream, deterministic for {@link #SEED}. */
    static String stream() {
        return RealisticAnswers.stream(SEED, STREAM_CHARS);
    }

    /** UTF-8 size of the stream, for MB/s. */
    static long streamBytes() {
        return stream().getBytes(StandardCharsets.UTF_8).length;
    }

    @Setup
    public void cut() {
        String text = stream();
        SplittableRandom r = new SplittableRandom(SEED);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < text.length(); ) {
            int end = Math.min(text.length(), i + 1 + r.nextInt(64));
            out.add(text.substring(i, end));
            i = end;
        }
        chunks = out.toArray(String[]::new);
    }

    @Benchmark
    public void parseTenMegabytesInSmallChunks(Blackhole bh) {
        XmlToolStreamParser parser = new XmlToolStreamParser(TOOLS, bh::consume);
        for (String chunk : chunks) {
            parser.feed(chunk);
        }
        parser.finish();
    }
}
