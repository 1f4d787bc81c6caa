package dev.agentls.outline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the best-ranked definitions as the map the model reads, fitted to a token budget: files in order of their
 * best definition, each with its definitions in line order, one line each (line number and the declaring line,
 * indented by depth) so the model can read exactly the range it needs. The largest prefix of the ranking that fits
 * is found by bisection, as the text is not additive in tokens.
 */
final class RepoMapRenderer {

    static final String HEADER = "# Repository map\nThe workspace's most relevant definitions for this request, "
            + "ranked by how the code uses them (line: declaration). Read a file for more.\n";

    private RepoMapRenderer() {}

    /** The largest map of the top definitions whose text fits {@code budget} tokens; a header alone if none does. */
    static RepoMapResult fit(RepoGraph graph, List<RepoMapRanker.Ranked> ranked, int budget, TokenCounter tokens,
                             boolean complete, String note) {
        int low = 0;
        int high = ranked.size();
        String best = render(graph, ranked.subList(0, 0), note);
        int bestTokens = tokens.count(best);
        if (bestTokens > budget) {
            return new RepoMapResult("", 0, 0, 0, complete, note);
        }
        int bestCount = 0;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            String text = render(graph, ranked.subList(0, mid), note);
            int count = tokens.count(text);
            if (count <= budget) {
                low = mid;
                best = text;
                bestTokens = count;
                bestCount = mid;
            } else {
                high = mid - 1;
            }
        }
        int files = (int) ranked.subList(0, bestCount).stream().mapToInt(RepoMapRanker.Ranked::file).distinct()
                .count();
        return new RepoMapResult(best, bestTokens, files, bestCount, complete, note);
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
                text.append("  ".repeat(tag.depth() + 1)).append(tag.line()).append(": ").append(tag.signature())
                        .append('\n');
            }
        }
        return text.toString();
    }
}
