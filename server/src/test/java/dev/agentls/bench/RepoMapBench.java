package dev.agentls.bench;

import dev.agentls.outline.RepoMap;
import dev.agentls.outline.RepoMapFocus;
import dev.agentls.outline.RepoMapResult;
import dev.agentls.outline.TokenCounter;
import dev.agentls.syntax.SyntaxParser;
import dev.agentls.workspace.WorkspaceRoots;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * One cold run of the repo map on a corpus (scripts/bench-repomap runs it several times, each in a fresh JVM with
 * the server's heap bound, and takes medians): the background build's wall time, the heap the finished map holds
 * after a full GC, the first map (which builds the graph), and warm maps of the budget for several requests. Prints
 * one line of key=value pairs, and the first warm map to stderr when asked.
 */
public final class RepoMapBench {

    private static final List<String> REQUESTS = List.of(
            "Make SpringApplication log the startup time of each ApplicationContextInitializer",
            "The DataSourceProperties url is ignored when spring.datasource.embedded-database-connection is none",
            "Add a timeout option to RestTemplateBuilder and use it in RestTemplateAutoConfiguration",
            "ConfigDataEnvironment should report which file imported a missing location",
            "Explain how JarLauncher finds the main class of a fat jar");

    private RepoMapBench() {}

    public static void main(String[] args) throws Exception {
        Path corpus = Path.of(args[0]);
        int budget = args.length > 1 ? Integer.parseInt(args[1]) : 4096;
        boolean show = args.length > 2 && args[2].equals("--show");
        TokenCounter tokens = TokenCounter.forModel("gpt-4o");
        ExecutorService executor = Executors.newFixedThreadPool(2);
        RepoMap map = new RepoMap(new WorkspaceRoots(List.of(corpus)), new SyntaxParser(), executor, 2, tokens);
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = System.nanoTime();
        long cpuStart = os.getProcessCpuTime();
        map.start().get(10, TimeUnit.MINUTES);
        long buildMs = (System.nanoTime() - start) / 1_000_000;
        long buildCpuMs = (os.getProcessCpuTime() - cpuStart) / 1_000_000;
        long firstStart = System.nanoTime();
        RepoMapResult first = map.render(RepoMapFocus.NONE, budget);
        long firstMs = (System.nanoTime() - firstStart) / 1_000_000;
        System.gc();
        Thread.sleep(200);
        long heapMb = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024 * 1024);
        List<Long> warm = new ArrayList<>();
        List<Long> warmCpu = new ArrayList<>();
        List<long[]> fresh = new ArrayList<>();
        List<long[]> repeated = new ArrayList<>();
        RepoMapResult sample = first;
        for (int round = 0; round < 4; round++) {
            for (String request : REQUESTS) {
                RepoMapFocus focus = RepoMapFocus.of(List.of(), request);
                long t = System.nanoTime();
                long c = threads.getCurrentThreadCpuTime();
                RepoMapResult result = map.render(focus, budget);
                long wall = (System.nanoTime() - t) / 1_000_000;
                long cpu = (threads.getCurrentThreadCpuTime() - c) / 1_000_000;
                warm.add(wall);
                warmCpu.add(cpu);
                // round 0 ranks each request for the first time; later rounds repeat them (the rank cache)
                (round == 0 ? fresh : repeated).add(new long[] {wall, cpu});
                if (round == 0 && request.equals(REQUESTS.get(0))) {
                    sample = result;
                }
            }
        }
        long[] sorted = warm.stream().mapToLong(Long::longValue).sorted().toArray();
        long[] sortedCpu = warmCpu.stream().mapToLong(Long::longValue).sorted().toArray();
        if (show) {
            System.err.println(sample.text());
        }
        RepoMap.Stats stats = map.stats();
        System.out.println("files=" + stats.files() + " build_ms=" + buildMs + " build_cpu_ms=" + buildCpuMs
                + " first_map_ms=" + firstMs + " warm_map_cpu_median_ms=" + sortedCpu[sortedCpu.length / 2]
                + " warm_map_median_ms=" + sorted[sorted.length / 2] + " warm_map_max_ms=" + sorted[sorted.length - 1]
                + " fresh_map_median_ms=" + median(fresh, 0) + " fresh_map_cpu_median_ms=" + median(fresh, 1)
                + " repeated_map_median_ms=" + median(repeated, 0) + " repeated_map_cpu_median_ms="
                + median(repeated, 1) + " heap_after_gc_mb=" + heapMb + " map_tokens=" + sample.tokens() + " map_files=" + sample.files()
                + " map_definitions=" + sample.definitions() + " graph_edges=" + stats.edges() + " max_heap_mb="
                + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " vm_hwm_mb=" + highWaterMarkMb()
                + " warm_samples=" + Arrays.toString(sorted));
        executor.shutdownNow();
    }

    /** The kernel's peak resident set of this process so far (VmHWM), in MB; -1 where /proc has none. */
    private static long highWaterMarkMb() throws java.io.IOException {
        Path status = Path.of("/proc/self/status");
        if (!java.nio.file.Files.exists(status)) {
            return -1;
        }
        for (String line : java.nio.file.Files.readAllLines(status)) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
            }
        }
        return -1;
    }

    private static long median(List<long[]> samples, int column) {
        long[] sorted = samples.stream().mapToLong(sample -> sample[column]).sorted().toArray();
        return sorted[sorted.length / 2];
    }
}
