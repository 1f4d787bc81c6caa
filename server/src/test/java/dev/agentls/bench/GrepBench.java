package dev.agentls.bench;

import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileIndex;
import dev.agentls.workspace.GrepQuery;
import dev.agentls.workspace.GrepResult;
import dev.agentls.workspace.GrepSearch;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Times the search API in-process on a corpus folder (warm index), for when no server is at hand:
 * {@code java -cp TESTCP dev.agentls.bench.GrepBench CORPUS_DIR [RUNS]}. Prints one line per query and mode with
 * the median in milliseconds, the match count and the index's size.
 */
public final class GrepBench {

    private GrepBench() {}

    public static void main(String[] args) throws Exception {
        Path corpus = Path.of(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        int cores = Runtime.getRuntime().availableProcessors();
        ExecutorService pool = Executors.newFixedThreadPool(cores);
        try {
            WorkspaceRoots roots = new WorkspaceRoots(List.of(corpus));
            FileIndex index = new FileIndex(roots, new PathPolicy(), pool, Clock.systemUTC(), Duration.ofHours(1));
            long t0 = System.nanoTime();
            index.start().get(10, TimeUnit.MINUTES);
            System.out.printf(Locale.ROOT, "index: %d files, %.1f MiB of text, built in %d ms%n", index.stats().files(),
                    index.stats().contentBytes() / 1048576.0, (System.nanoTime() - t0) / 1_000_000);
            GrepSearch search = new GrepSearch(index, new DocumentStore(), pool, cores);
            String[][] queries = {{"ApplicationContext", "cs"}, {"JCacheCustomCacheManager", "cs"},
                {"\\bcache\\b", "ci"}, {"(TODO|FIXME)\\b", "cs"}};
            for (String[] q : queries) {
                for (boolean countAll : new boolean[] {false, true}) {
                    GrepQuery query = new GrepQuery(q[0], q[1].equals("cs"), null, null, 50, countAll);
                    double[] ms = new double[runs];
                    GrepResult last = null;
                    for (int i = 0; i < runs + 5; i++) {
                        long s = System.nanoTime();
                        last = search.grep(query);
                        if (i >= 5) {
                            ms[i - 5] = (System.nanoTime() - s) / 1e6;
                        }
                    }
                    Arrays.sort(ms);
                    System.out.printf(Locale.ROOT, "%-28s %-3s %-9s median %7.2f ms  matches %d more %s total %d%n",
                            q[0], q[1], countAll ? "count" : "first-50", ms[runs / 2], last.matches().size(),
                            last.more(), last.totalMatches());
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
