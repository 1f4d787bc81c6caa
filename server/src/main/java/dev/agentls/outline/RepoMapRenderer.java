package dev.agentls.outline;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes the best-ranked definitions as the map the model reads, fitted to a token budget: files in order of their
 * best definition, each with its definitions in line order, one line each (line number and the declaring line,
 * indented by depth) so the model can read exactly the range it needs.
 */
final class RepoMapRenderer {

    static final String HEADER = "# Repository map\nThe workspace's most relevant definitions for this request, "
            + "ranked by how the code uses them (line: declaration). Read a file for more.\n";

    private RepoMapRenderer() {}

    /**
     * The largest map of the top definitions whose text fits {@code budget} tokens; empty when not even the header
     * fits. Counting a whole map costs milliseconds per try with a real tokenizer, so the prefix is first found from
     * each line's own count (a line's tokens rarely merge with the next one's), then the whole text is counted and
     * the prefix shortened until it truly fits. A map whose every ranked definition fits by the counter's byte bound
     * ({@link TokenCounter#upperBound}) is that whole map, found without the tokenizer (whose first count in a process
     * loads its encoding: 0.3 s of CPU that a small project's first request would wait for); its {@code tokens} is then
     * that bound, at least its exact count and at most the budget.
     */
    static RepoMapResult fit(RepoGraph graph, List<RepoMapRanker.Ranked> ranked, int budget, TokenCounter tokens,
                             boolean complete, String note) {
        if (tokens.tokenizes()) {
            String whole = render(graph, ranked, note);
            long bound = tokens.upperBound(whole);
            if (bound <= budget) {
                return new RepoMapResult(whole, (int) bound, files(ranked), ranked.size(), complete, note);
            }
        }
        String empty = render(graph, ranked.subList(0, 0), note);
        int used = tokens.count(empty);
        if (used > budget) {
            return new RepoMapResult("", 0, 0, 0, complete, note);
        }
        Set<Integer> filesSeen = new HashSet<>();
        int count = 0;
        for (RepoMapRanker.Ranked r : ranked) {
            int cost = tokens.count(line(graph.symbols[r.file()].definitions().get(r.tag())));
            if (filesSeen.add(r.file())) {
                cost += tokens.count("\n" + graph.paths[r.file()] + ":\n");
            }
            if (used + cost > budget) {
                break;
            }
            used += cost;
            count++;
        }
        while (true) {
            String text = render(graph, ranked.subList(0, count), note);
            int exact = tokens.count(text);
            if (exact <= budget || count == 0) {
                return exact <= budget ? new RepoMapResult(text, exact, files(ranked.subList(0, count)), count, complete,
                        note)
                        : new RepoMapResult(empty, tokens.count(empty), 0, 0, complete, note);
            }
            count = Math.min(count - 1, (int) ((long) count * budget / exact));
        }
    }

    private static int files(List<RepoMapRanker.Ranked> shown) {
        Set<Integer> files = new HashSet<>();
        shown.forEach(r -> files.add(r.file()));
        return files.size();
    }

    private static String line(SourceSymbols.Tag tag) {
        return "  ".repeat(tag.depth() + 1) + tag.line() + ": " + tag.signature() + "\n";
    }

    static String render(RepoGraph graph, List<RepoMapRanker.Ranked> chosen, String note) {
        Map<Integer, List<Integer>> byFile = new LinkedHashMap<>();
        for (RepoMapRanker.Ranked r : chosen) {
            byFile.computeIfAbsent(r.file(), k -> new ArrayList<>()).add(r.tag());
        }
        StringBuilder text = new StringBuilder(HEADER);
        if (!note.isEmpty()) {
            text.append('(').append(note).append(")\n");
        }
        for (Map.Entry<Integer, List<Integer>> file : byFile.entrySet()) {
            List<SourceSymbols.Tag> tags = graph.symbols[file.getKey()].definitions();
            List<Integer> shown = file.getValue();
            shown.sort(Integer::compare);
            text.append('\n').append(graph.paths[file.getKey()]).append(":\n");
            for (int t : shown) {
                SourceSymbols.Tag tag = tags.get(t);
                text.append(line(tag));
            }
        }
        return text.toString();
    }
}
