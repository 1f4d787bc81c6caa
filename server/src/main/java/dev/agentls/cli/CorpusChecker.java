package dev.agentls.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

/**
 * Checks corpus entries against the engines (contract at the end of ../shared/edit-corpus/README.md): prints one
 * line per failing or diverging entry, starting with its category (WRONG, REFUSED, MISSING-FACT, DIVERGE), and
 * answers the tally. A listed divergence is reported, never counted as a failure; a format without an engine is
 * skipped.
 */
final class CorpusChecker {

    /** How the entries went. */
    record Tally(int passed, int failed, int skipped) {
        Tally plus(Tally o) {
            return new Tally(passed + o.passed, failed + o.failed, skipped + o.skipped);
        }

        String line() {
            return passed + " passed, " + failed + " failed, " + skipped + " skipped";
        }
    }

    private final CorpusFormats formats;
    private final CorpusDivergences divergences;

    CorpusChecker(CorpusFormats formats, CorpusDivergences divergences) {
        this.formats = formats;
        this.divergences = divergences;
    }

    Tally check(List<CorpusEntry> entries, PrintStream out) {
        Tally tally = new Tally(0, 0, 0);
        for (CorpusEntry entry : entries) {
            tally = tally.plus(check(entry, out));
        }
        return tally;
    }

    private Tally check(CorpusEntry entry, PrintStream out) {
        Optional<CorpusOutcome> ran = formats.run(entry);
        if (ran.isEmpty()) {
            return new Tally(0, 0, 1);
        }
        Optional<String> problem = problem(entry, ran.get());
        if (problem.isEmpty()) {
            return new Tally(1, 0, 0);
        }
        Optional<CorpusDivergences.Divergence> policy = divergences.policy(entry.id());
        if (policy.isPresent() && problem.get().startsWith(policy.get().category() + " ")) {
            out.println("DIVERGE " + entry.id() + ": " + policy.get().policy());
            return new Tally(0, 0, 1);
        }
        out.println(problem.get());
        return new Tally(0, 1, 0);
    }

    /** The failure line for this outcome, or empty when the entry passes. */
    static Optional<String> problem(CorpusEntry entry, CorpusOutcome outcome) {
        if (outcome instanceof CorpusOutcome.Applied applied) {
            if (entry.expectError()) {
                return Optional.of("WRONG " + entry.id() + ": applied an edit that must be refused; result "
                        + Escape.quote(applied.text(), 120));
            }
            String expected = entry.expected().orElse("");
            if (!applied.text().equals(expected)) {
                return Optional.of("WRONG " + entry.id() + ": " + Escape.firstDifference(expected, applied.text()));
            }
            return Optional.empty();
        }
        String message = ((CorpusOutcome.Refused) outcome).message();
        if (!entry.expectError()) {
            return Optional.of("REFUSED " + entry.id() + ": " + message);
        }
        for (String fact : entry.errorMustMention()) {
            if (!message.contains(fact)) {
                return Optional.of("MISSING-FACT " + entry.id() + ": the message lacks " + Escape.quote(fact, 80)
                        + ": " + message);
            }
        }
        return Optional.empty();
    }
}
