package dev.agentls.outline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Ranks every shown definition of a {@link RepoGraph} for one request. Files get a personalised PageRank whose walk
 * restarts at what the request points at: its files, files whose name matches a word of the request, and files
 * defining a name the request uses. A definition then scores by the rank flowing into its file along uses of its
 * name, plus a small share of its file's own rank, so the main types of important files show even when nothing
 * calls them by name; a definition the request names gets its file's whole rank and counts ten times. Ties break by path and line: the order is stable.
 */
final class RepoMapRanker {

    static final double DAMPING = 0.85;
    /** How much more a name the request mentions weighs. */
    static final double MENTIONED = 10;

    /** One definition of the map: file index, index in its file's tags, and score. */
    record Ranked(int file, int tag, double score) {}

    private RepoMapRanker() {}

    static List<Ranked> rank(RepoGraph graph, RepoMapFocus focus) {
        double[] fileRank = graph.rank(restart(graph, focus), DAMPING);
        Map<String, int[]> users = graph.users;
        List<Ranked> ranked = new ArrayList<>();
        for (int f = 0; f < graph.size(); f++) {
            List<SourceSymbols.Tag> tags = graph.symbols[f].definitions();
            for (int t = 0; t < tags.size(); t++) {
                SourceSymbols.Tag tag = tags.get(t);
                if (tag.depth() > 1) {
                    continue;
                }
                double incoming = 0;
                int[] from = users.get(tag.name());
                if (from != null && graph.definers.containsKey(tag.name())) {
                    float[] weights = graph.userWeights.get(tag.name());
                    for (int k = 0; k < from.length; k++) {
                        if (from[k] != f && graph.outWeight[from[k]] > 0) {
                            incoming += fileRank[from[k]] * weights[k] / graph.outWeight[from[k]];
                        }
                    }
                }
                double score = incoming + fileRank[f] * (tag.depth() == 0 ? 0.1 : 0.01);
                if (focus.identifiers().contains(tag.name())) {
                    // the request named this very definition: its file's whole rank backs it, not a share
                    score = (score + fileRank[f]) * MENTIONED;
                }
                ranked.add(new Ranked(f, t, score));
            }
        }
        ranked.sort(Comparator.comparingDouble(Ranked::score).reversed()
                .thenComparing(r -> graph.paths[r.file()]).thenComparingInt(Ranked::tag));
        return ranked;
    }

    /** The restart weights: focused files most, then files named like a word of the request, then definers. */
    static double[] restart(RepoGraph graph, RepoMapFocus focus) {
        double[] restart = new double[graph.size()];
        if (focus.files().isEmpty() && focus.identifiers().isEmpty()) {
            return restart;
        }
        for (int f = 0; f < graph.size(); f++) {
            String path = graph.paths[f];
            if (focus.focuses(path)) {
                restart[f] += 10;
            }
            String base = path.substring(path.lastIndexOf('/') + 1);
            int dot = base.indexOf('.');
            if (dot > 0 && focus.identifiers().contains(base.substring(0, dot))) {
                restart[f] += 5;
            }
        }
        for (String name : focus.identifiers()) {
            int[] defs = graph.definers.get(name);
            if (defs != null) {
                for (int d : defs) {
                    restart[d] += 1.0 / defs.length;
                }
            }
        }
        return restart;
    }
}
