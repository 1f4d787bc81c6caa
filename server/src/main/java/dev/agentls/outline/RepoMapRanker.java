package dev.agentls.outline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Ranks the definitions of a {@link RepoGraph} for one request. Files get a personalised PageRank whose walk
 * restarts at what the request points at: its files, files whose name matches a word of the request, and files
 * defining a name the request uses. A definition then scores by the rank flowing into its file along uses of its
 * name, plus a small share of its file's own rank, so the main types of important files show even when nothing
 * calls them by name; a definition in a file edited lately is backed by its file's whole rank (half for members), as
 * the user works there; a definition the request names in code form ({@code discountFor}, {@code Money}) gets its
 * file's whole rank and counts ten times, while a plain word ({@code log}, {@code time}) only steers the walk, as
 * English words in a request name too many methods. Ties break by path and line, so the order is stable.
 */
final class RepoMapRanker {

    static final double DAMPING = 0.85;
    /** How much more a definition the request names in code form weighs. */
    static final double MENTIONED = 10;
    /**
     * The restart weight of the newest edited file (a focused file has 10), each older one weighing this factor
     * less: what the user just worked on matters, what the request names matters more.
     */
    static final double RECENT = 4;
    static final double RECENT_DECAY = 0.7;
    /** The factor each further member shown from one file is weighed by. */
    static final double SAME_FILE_DECAY = 0.85;

    /** One definition of the map: file index, index in its file's tags, and score. */
    record Ranked(int file, int tag, double score) {}

    private RepoMapRanker() {}

    /** The best {@code limit} definitions, best first. */
    static List<Ranked> rank(RepoGraph graph, RepoMapFocus focus, int limit) {
        double[] fileRank = graph.rank(restart(graph, focus), DAMPING);
        double[] incoming = incoming(graph, fileRank);
        Comparator<Ranked> order = Comparator.comparingDouble(Ranked::score).reversed()
                .thenComparing(r -> graph.paths[r.file()]).thenComparingInt(Ranked::tag);
        boolean[] edited = new boolean[graph.size()];
        for (String path : focus.recent()) {
            int f = Arrays.binarySearch(graph.paths, path);
            if (f >= 0) {
                edited[f] = true;
            }
        }
        int candidates = limit * 2;
        PriorityQueue<Ranked> best = new PriorityQueue<>(Math.max(1, candidates + 1), order.reversed());
        for (int f = 0; f < graph.size(); f++) {
            List<SourceSymbols.Tag> tags = graph.symbols[f].definitions();
            for (int t = 0; t < tags.size(); t++) {
                SourceSymbols.Tag tag = tags.get(t);
                if (tag.depth() > 1) {
                    continue;
                }
                int id = graph.tagNames[f][t];
                double score = (id < 0 ? 0 : incoming[id]) + fileRank[f] * (tag.depth() == 0 ? 0.1 : 0.01);
                if (edited[f]) {
                    // what the user works on shows itself, not only what it uses: its file's rank backs it
                    score += fileRank[f] * (tag.depth() == 0 ? 1 : 0.5);
                }
                if (focus.identifiers().contains(tag.name()) && isCodeName(tag.name())) {
                    // the request named this very definition: its file's whole rank backs it, not a share
                    score = (score + fileRank[f]) * MENTIONED;
                }
                Ranked ranked = new Ranked(f, t, score);
                if (best.size() < candidates) {
                    best.add(ranked);
                } else if (candidates > 0 && order.compare(ranked, best.peek()) < 0) {
                    best.poll();
                    best.add(ranked);
                }
            }
        }
        List<Ranked> ranked = new ArrayList<>(best);
        ranked.sort(order);
        // each further member shown from the same file counts a little less, so one large class does not fill the map
        int[] shown = new int[graph.size()];
        List<Ranked> spread = new ArrayList<>(ranked.size());
        for (Ranked r : ranked) {
            boolean member = graph.symbols[r.file()].definitions().get(r.tag()).depth() > 0;
            double factor = member ? Math.pow(SAME_FILE_DECAY, shown[r.file()]++) : 1;
            spread.add(new Ranked(r.file(), r.tag(), r.score() * factor));
        }
        spread.sort(order);
        return spread.subList(0, Math.min(limit, spread.size()));
    }

    /**
     * For each used name, the rank flowing along its uses: each user passes on its rank in proportion to the
     * weight of this name among all it uses. The same for every file defining the name.
     */
    private static double[] incoming(RepoGraph graph, double[] fileRank) {
        double[] incoming = new double[graph.users.length];
        for (int id = 0; id < incoming.length; id++) {
            int[] from = graph.users[id];
            float[] weights = graph.userWeights[id];
            double sum = 0;
            for (int k = 0; k < from.length; k++) {
                if (graph.outWeight[from[k]] > 0) {
                    sum += fileRank[from[k]] * weights[k] / graph.outWeight[from[k]];
                }
            }
            incoming[id] = sum;
        }
        return incoming;
    }

    /** Whether a word is written as code: a capital, an underscore or a digit after its first letter. */
    static boolean isCodeName(String word) {
        if (Character.isUpperCase(word.charAt(0))) {
            return true;
        }
        for (int i = 1; i < word.length(); i++) {
            char c = word.charAt(i);
            if (Character.isUpperCase(c) || c == '_' || Character.isDigit(c)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The restart weights: focused files most, then files named like a word of the request and recently edited
     * files, then the definers of the request's names (plain words a fifth as much).
     */
    static double[] restart(RepoGraph graph, RepoMapFocus focus) {
        double[] restart = new double[graph.size()];
        if (focus.files().isEmpty() && focus.identifiers().isEmpty() && focus.recent().isEmpty()) {
            return restart;
        }
        double recency = RECENT;
        for (String path : focus.recent()) {
            int f = Arrays.binarySearch(graph.paths, path); // the graph's paths are sorted
            if (f >= 0) {
                restart[f] += recency;
            }
            recency *= RECENT_DECAY;
        }
        for (int f = 0; f < graph.size(); f++) {
            String path = graph.paths[f];
            if (!focus.files().isEmpty() && focus.focuses(path)) {
                restart[f] += 10;
            }
            String base = path.substring(path.lastIndexOf('/') + 1);
            int dot = base.indexOf('.');
            if (dot > 0 && focus.identifiers().contains(base.substring(0, dot))) {
                restart[f] += 5;
            }
        }
        for (String name : focus.identifiers()) {
            Integer id = graph.nameIds.get(name);
            if (id != null) {
                int[] defs = graph.definers[id];
                double weight = isCodeName(name) ? 1.0 : 0.2;
                for (int d : defs) {
                    restart[d] += weight / defs.length;
                }
            }
        }
        return restart;
    }
}
