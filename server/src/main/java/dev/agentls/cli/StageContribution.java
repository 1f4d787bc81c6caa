package dev.agentls.cli;

import dev.agentls.edit.SearchReplaceEngine;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

/**
 * What each matching stage past exact adds on a corpus (issue 9: decide rule 10 by measurement): the SEARCH/REPLACE
 * entries are run with the whole cascade and again with each stage left out. A stage's worth is the passes it adds
 * and its cost the wrong applications it adds (an edit applied that must be refused, or applied with another
 * result). Also counts, with the whole cascade, the entries that used the stage in some block, passing or wrong.
 */
final class StageContribution {

    static final List<String> STAGES = List.of("line-trimmed", "whitespace-normalized", "block-anchor", "fuzzy");

    private final CorpusDivergences divergences;

    StageContribution(CorpusDivergences divergences) {
        this.divergences = divergences;
    }

    /** How a cascade did on the entries. */
    record Run(int passed, int wrong, int refused) {}

    void report(List<CorpusEntry> all, PrintStream out) {
        List<CorpusEntry> entries = all.stream().filter(e -> e.format().equals("search_replace")).toList();
        CorpusFormats full = new CorpusFormats(new SearchReplaceEngine());
        int[][] used = new int[STAGES.size()][2];
        Run whole = run(entries, full, used);
        out.printf("%d SEARCH/REPLACE entries; whole cascade: %d pass, %d wrong, %d refused wrongly%n",
                entries.size(), whole.passed, whole.wrong, whole.refused);
        out.printf("%-22s %14s %14s %22s%n", "stage", "used: pass", "used: wrong", "adds: passes / wrong");
        for (int s = 0; s < STAGES.size(); s++) {
            Run without = run(entries, new CorpusFormats(SearchReplaceEngine.without(STAGES.get(s))), null);
            out.printf("%-22s %14d %14d %13d / %d%n", STAGES.get(s), used[s][0], used[s][1],
                    whole.passed - without.passed, whole.wrong - without.wrong);
        }
    }

    private Run run(List<CorpusEntry> entries, CorpusFormats formats, int[][] used) {
        int passed = 0;
        int wrong = 0;
        int refused = 0;
        for (CorpusEntry entry : entries) {
            CorpusOutcome outcome = formats.run(entry).orElseThrow();
            Optional<String> problem = CorpusChecker.problem(entry, outcome);
            boolean diverges = problem.isPresent() && divergences.policy(entry.id())
                    .filter(d -> problem.get().startsWith(d.category() + " ")).isPresent();
            boolean pass = problem.isEmpty() || diverges;
            boolean isWrong = problem.isPresent() && !diverges && problem.get().startsWith("WRONG ");
            passed += pass ? 1 : 0;
            wrong += isWrong ? 1 : 0;
            refused += !pass && !isWrong ? 1 : 0;
            if (used != null && outcome instanceof CorpusOutcome.Applied applied) {
                for (int s = 0; s < STAGES.size(); s++) {
                    if (applied.strategies().contains(STAGES.get(s))) {
                        used[s][pass ? 0 : 1] += pass || isWrong ? 1 : 0;
                    }
                }
            }
        }
        return new Run(passed, wrong, refused);
    }
}
