package dev.agentls.bench;

import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileIndex;
import dev.agentls.workspace.GrepQuery;
import dev.agentls.workspace.GrepResult;
import dev.agentls.workspace.GrepSearch;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A warm search process for {@code scripts/bench-grep}, used until the server's {@code agentls.runTool} can carry
 * grep_search: indexes CORPUS_DIR in the background like the server does, prints {@code ready FILES BYTES MS}, then
 * answers one request per stdin line ({@code first|count <TAB> cs|ci <TAB> pattern}) with
 * {@code NANOS <TAB> MATCHES <TAB> TOTAL <TAB> MORE}, timed from reading the request to having the answer.
 */
public final class GrepBench {

    private GrepBench() {}

    public static void main(String[] args) throws Exception {
        Path corpus = Path.of(args[0]);
        int cores = Runtime.getRuntime().availableProcessors();
        ExecutorService pool = Executors.newFixedThreadPool(cores, r -> {
            Thread t = new Thread(r, "search");
            t.setDaemon(true);
            return t;
        });
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        FileIndex index = new FileIndex(new WorkspaceRoots(List.of(corpus)), new PathPolicy(), pool,
                Clock.systemUTC(), Duration.ofHours(1), FileIndex.DEFAULT_MAX_FILE_BYTES, System::gc);
        long t0 = System.nanoTime();
        index.start().get(10, TimeUnit.MINUTES);
        out.printf("ready %d %d %d%n", index.stats().files(), index.stats().contentBytes(),
                (System.nanoTime() - t0) / 1_000_000);
        GrepSearch search = new GrepSearch(index, new DocumentStore(), pool, cores);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.split("\t", 3);
            if (f.length < 3) {
                out.println("error\tbad request");
                continue;
            }
            long start = System.nanoTime();
            GrepResult r = search.grep(new GrepQuery(f[2], f[1].equals("cs"), null, null, 50, f[0].equals("count")));
            long nanos = System.nanoTime() - start;
            out.printf("%d\t%d\t%d\t%s%n", nanos, r.matches().size(), r.totalMatches(), r.more());
        }
    }
}
