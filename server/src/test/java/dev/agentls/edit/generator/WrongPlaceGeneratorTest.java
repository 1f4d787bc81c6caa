package dev.agentls.edit.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.edit.BlockMatch;
import dev.agentls.edit.EditOutcome;
import dev.agentls.edit.ParseOutcome;
import dev.agentls.edit.SearchReplaceBlock;
import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.SearchReplaceParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The wrong-place generator (issue 9): a seeded property test that makes noisy SEARCH/REPLACE edits of real files
 * ({@link SourceFiles}) in every noise class ({@link Noise}), each knowing where it belongs, and checks that the
 * engine applies each one there with the intended result or refuses it, never anything else. Prints the counts per
 * class (applied right / refused / wrong) and per matching stage, and writes them to
 * {@code server/target/wrong-place-generator.txt} (and, run without the corpora, {@code
 * wrong-place-generator-without-shared.txt}). Seed and size: {@code -Dagentls.generator.seed},
 * {@code -Dagentls.generator.perClass}; the corpora's folder: {@code -Dagentls.shared} (a missing folder runs it as
 * a machine without {@code ../shared} does).
 */
@Tag("slow")
class WrongPlaceGeneratorTest {

    private static final long SEED = Long.getLong("agentls.generator.seed", 20261124L);
    private static final int PER_CLASS = Integer.getInteger("agentls.generator.perClass", 800);

    private final SearchReplaceEngine engine = new SearchReplaceEngine();
    private final SearchReplaceParser parser = new SearchReplaceParser();

    /** Counts of one class: right, refused, wrong. */
    private static final class Tally {
        int right;
        int refused;
        int wrong;
        final List<String> wrongCases = new ArrayList<>();
    }

    @Test
    void noNoisyEditIsEverAppliedAnywhereButWhereItBelongs() throws IOException {
        Path root = Path.of(System.getProperty("agentls.repoRoot", "."));
        generate(root, SourceFiles.sharedFolder(root), "wrong-place-generator.txt");
    }

    /**
     * The same seed over {@code test-workspaces/} alone picks other cases than with the corpora beside them; a
     * machine without {@code ../shared} once saw a wrong application no run with it made, so both runs are kept.
     */
    @Test
    void noNoisyEditIsEverAppliedAnywhereButWhereItBelongsWithoutTheSharedCorpora() throws IOException {
        Path root = Path.of(System.getProperty("agentls.repoRoot", "."));
        generate(root, root.resolve("server/target/no-shared-corpora"), "wrong-place-generator-without-shared.txt");
    }

    private void generate(Path root, Path shared, String reportFile) throws IOException {
        SourceFiles files = SourceFiles.load(root, shared);
        List<SourceFiles.Source> sources = files.list();
        Random rnd = new Random(SEED);
        NoisyEdits edits = new NoisyEdits(rnd);
        Map<Noise, Tally> tallies = new EnumMap<>(Noise.class);
        Map<String, int[]> byStage = new TreeMap<>();
        boolean[] used = new boolean[sources.size()];
        int next = 0;
        for (Noise noise : Noise.values()) {
            Tally t = new Tally();
            tallies.put(noise, t);
            int made = 0;
            int attempts = 0;
            while (made < PER_CLASS && attempts < PER_CLASS * 50) {
                attempts++;
                int index = next++ % sources.size();
                Optional<GeneratedCase> c = edits.make(noise, sources.get(index));
                if (c.isEmpty()) {
                    continue;
                }
                used[index] = true;
                made++;
                judge(c.get(), t, byStage);
            }
        }
        String report = report(tallies, byStage, sources.size(), countUsed(used), shared);
        System.out.println(report);
        Files.createDirectories(root.resolve("server/target"));
        StringBuilder wrongs = new StringBuilder();
        tallies.forEach((n, t) -> t.wrongCases.forEach(w -> wrongs.append("==== ").append(w).append('\n')));
        Files.writeString(root.resolve("server/target").resolve(reportFile), report + wrongs);
        int total = tallies.values().stream().mapToInt(t -> t.right + t.refused + t.wrong).sum();
        assertTrue(total >= 10_000, "only " + total + " cases were made\n" + report);
        // Each mid-line SEARCH occurs once as text: the exact stage must take it, never refuse it.
        assertEquals(0, tallies.get(Noise.MID_LINE).refused, "mid-line edits were refused\n" + report);
        for (Map.Entry<Noise, Tally> e : tallies.entrySet()) {
            assertEquals(0, e.getValue().wrong, e.getKey() + " applied edits wrongly:\n"
                    + String.join("\n----\n", e.getValue().wrongCases) + "\n" + report);
        }
    }

    private void judge(GeneratedCase c, Tally t, Map<String, int[]> byStage) {
        EditOutcome out = engine.apply(c.fileName(), c.original(), blocks(c));
        if (out instanceof EditOutcome.Refused) {
            t.refused++;
            return;
        }
        EditOutcome.Applied applied = (EditOutcome.Applied) out;
        boolean right = applied.newText().equals(c.intended());
        if (right) {
            t.right++;
        } else {
            t.wrong++;
            if (t.wrongCases.size() < 5) {
                t.wrongCases.add(c.describe() + "matches " + applied.matches() + "\n"
                        + firstDifference(c.intended(), applied.newText()));
            }
        }
        for (BlockMatch m : applied.matches()) {
            byStage.computeIfAbsent(m.strategy().startsWith("repeat") ? "repeat" : m.strategy(),
                    k -> new int[2])[right ? 0 : 1]++;
        }
    }

    private List<SearchReplaceBlock> blocks(GeneratedCase c) {
        if (c.literal().isPresent()) {
            return List.of(c.literal().get());
        }
        ParseOutcome parsed = parser.parse(c.edit());
        if (!(parsed instanceof ParseOutcome.Parsed p)) {
            throw new AssertionError("the generator made an edit the parser refuses: " + c.describe());
        }
        return p.files().get(0).blocks();
    }

    /** The first line where the intended and the actual text differ, both sides. */
    private static String firstDifference(String intended, String got) {
        List<String> a = intended.lines().toList();
        List<String> b = got.lines().toList();
        int i = 0;
        while (i < a.size() && i < b.size() && a.get(i).equals(b.get(i))) {
            i++;
        }
        return "first difference at line " + (i + 1) + ": intended "
                + (i < a.size() ? "[" + a.get(i) + "]" : "(end)") + ", got " + (i < b.size() ? "[" + b.get(i) + "]" : "(end)");
    }

    private static int countUsed(boolean[] used) {
        int n = 0;
        for (boolean u : used) {
            n += u ? 1 : 0;
        }
        return n;
    }

    private static String report(Map<Noise, Tally> tallies, Map<String, int[]> byStage, int files, int usedFiles,
            Path shared) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("wrong-place generator: seed %d, %d files (%d edited), corpora from %s (%s)%n", SEED,
                files, usedFiles, shared.normalize(), Files.isDirectory(shared) ? "present" : "absent"));
        sb.append(String.format("| %-28s | %7s | %7s | %5s |%n", "noise class", "right", "refused", "wrong"));
        sb.append("|---|---:|---:|---:|\n");
        int[] sum = new int[3];
        for (Map.Entry<Noise, Tally> e : tallies.entrySet()) {
            Tally t = e.getValue();
            sb.append(String.format("| %-28s | %7d | %7d | %5d |%n", e.getKey().name().toLowerCase().replace('_', '-'),
                    t.right, t.refused, t.wrong));
            sum[0] += t.right;
            sum[1] += t.refused;
            sum[2] += t.wrong;
        }
        sb.append(String.format("| %-28s | %7d | %7d | %5d |%n", "all", sum[0], sum[1], sum[2]));
        sb.append("blocks applied per stage (right / wrong):");
        byStage.forEach((stage, n) -> sb.append(' ').append(stage).append(' ').append(n[0]).append('/').append(n[1]));
        return sb.append('\n').toString();
    }
}
