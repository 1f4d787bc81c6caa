package dev.agentls.bench;

import dev.agentls.edit.EditOutcome;
import dev.agentls.edit.ParseOutcome;
import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.SearchReplaceParser;
import dev.agentls.host.EditTexts;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.Snapshot;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What {@code scripts/bench-edit-cpu} runs: the calls {@link AnchorShapesBench} times, timed by the CPU time of the
 * calling thread instead of the wall clock. On a machine shared with other builds (load 10-20 on 2 cores) the wall
 * clock mostly measures waiting for a core, and JMH's medians of the same code then vary two- or threefold; the
 * thread's CPU time does not count the waiting, so it compares two builds measured in the same minutes. It still
 * counts what a busy machine costs a running thread (caches shared with other processes), so it is no quiet
 * figure either: {@code scripts/bench-edit} on a quiet machine stays the reference. Arguments:
 * {@code [FILTER] [CALLS]}; prints per case the median and tenth percentile of the second half of the calls.
 */
public final class EditCpuTime {

    private EditCpuTime() {}

    public static void main(String[] args) throws IOException {
        String filter = args.length > 0 ? args[0] : "";
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        Optional<Path> folder = AnchorShapes.folder();
        if (folder.isEmpty()) {
            System.out.println("anchor shapes skipped: ../shared/edit-bench-shapes is absent");
            return;
        }
        SearchReplaceEngine engine = new SearchReplaceEngine();
        SearchReplaceParser parser = new SearchReplaceParser();
        Path dir = Files.createTempDirectory("agentls-cpu-bench");
        try {
            for (String name : AnchorShapes.NAMES) {
                AnchorShapes.Shape shape = AnchorShapes.load(folder.get(), name);
                Path file = Files.writeString(dir.resolve("Shape.java"), shape.original());
                DocumentStore open = new DocumentStore();
                open.didOpen(file, 1, shape.original());
                Snapshot buffer = open.snapshot(file);
                Snapshot disk = new DocumentStore().snapshot(file);
                Supplier<ParseOutcome.Parsed> parse = () -> (ParseOutcome.Parsed) parser.parse(shape.diff());
                time(name + " open-buffer", filter, calls, () -> engine.apply(AnchorShapes.FILE_NAME,
                        EditTexts.of(buffer), parse.get().files().get(0).blocks()));
                time(name + " disk-read", filter, calls, () -> engine.apply(AnchorShapes.FILE_NAME,
                        EditTexts.of(disk), parse.get().files().get(0).blocks()));
                time(name + " plain-string", filter, calls, () -> engine.apply(AnchorShapes.FILE_NAME,
                        shape.original(), parse.get().files().get(0).blocks()));
                Files.delete(file);
            }
        } finally {
            Files.deleteIfExists(dir);
        }
    }

    private static void time(String name, String filter, int calls, Supplier<EditOutcome> call) {
        if (!name.contains(filter)) {
            return;
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] cpu = new long[calls];
        for (int i = 0; i < calls; i++) {
            long before = threads.getCurrentThreadCpuTime();
            EditOutcome outcome = call.get();
            cpu[i] = threads.getCurrentThreadCpuTime() - before;
            if (!(outcome instanceof EditOutcome.Applied)) {
                throw new IllegalStateException(name + " was not applied: " + outcome);
            }
        }
        // The first half warms the JIT up; the second is measured.
        long[] measured = Arrays.copyOfRange(cpu, calls / 2, calls);
        Arrays.sort(measured);
        System.out.printf(Locale.ROOT, "%-30s thread CPU median %.3f ms, p10 %.3f ms (%d calls)%n", name,
                measured[measured.length / 2] / 1e6, measured[measured.length / 10] / 1e6, measured.length);
    }
}
