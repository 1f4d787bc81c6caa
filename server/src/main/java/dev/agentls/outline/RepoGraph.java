package dev.agentls.outline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable snapshot of the workspace's symbols as a graph: files are nodes, and a file using a name another file
 * defines is an edge from the user to the definer, weighted by how often and how specific the name is. Edges are
 * summed per pair of files into compressed rows, so ranking costs a few passes over arrays. Built from the current
 * {@link SourceSymbols} of every file after a change, then shared by every ranking until the next change.
 */
final class RepoGraph {

    /** A name defined in more files than this ({@code get}, {@code toString}) says nothing about which one is meant. */
    static final int MAX_DEFINERS = 25;

    final String[] paths;
    final SourceSymbols[] symbols;
    /** For each name defined in at most {@link #MAX_DEFINERS} files: its id. */
    final Map<String, Integer> nameIds;
    /** By name id: the files defining it. */
    final int[][] definers;
    /** By name id: the files using it (except a lone definer using its own name) and each one's edge weight. */
    final int[][] users;
    final float[][] userWeights;
    /** By file, then tag: the id of the tag's name, or -1 when the name is too common to rank by. */
    final int[][] tagNames;
    /** Compressed rows of summed file-to-file edges. */
    final int[] rowStart;
    final int[] edgeTo;
    final float[] edgeWeight;
    final double[] outWeight;
    /**
     * The last few ranks computed, by restart vector: a request asked again (a retried run, a plan then its run) or
     * a focus that leads to the same restart costs a lookup instead of forty passes over the edges. Returned arrays
     * are shared: callers only read them.
     */
    private final Map<RankKey, double[]> ranks = new java.util.LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<RankKey, double[]> eldest) {
            return size() > RANKS_KEPT;
        }
    };
    static final int RANKS_KEPT = 8;

    private RepoGraph(String[] paths, SourceSymbols[] symbols, Map<String, Integer> nameIds, int[][] definers,
                      int[][] users, float[][] userWeights, int[][] tagNames, int[] rowStart, int[] edgeTo,
                      float[] edgeWeight, double[] outWeight) {
        this.paths = paths;
        this.symbols = symbols;
        this.nameIds = nameIds;
        this.definers = definers;
        this.users = users;
        this.userWeights = userWeights;
        this.tagNames = tagNames;
        this.rowStart = rowStart;
        this.edgeTo = edgeTo;
        this.edgeWeight = edgeWeight;
        this.outWeight = outWeight;
    }

    /** Builds the graph of {@code files} (path to symbols); paths are sorted so the result never depends on order. */
    static RepoGraph of(Map<String, SourceSymbols> files) {
        String[] paths = files.keySet().toArray(String[]::new);
        Arrays.sort(paths);
        int n = paths.length;
        SourceSymbols[] symbols = new SourceSymbols[n];
        Map<String, IntFloatList> defining = new HashMap<>();
        for (int f = 0; f < n; f++) {
            symbols[f] = files.get(paths[f]);
            for (SourceSymbols.Tag tag : symbols[f].definitions()) {
                if (tag.depth() <= 1) {
                    IntFloatList list = defining.computeIfAbsent(tag.name(), k -> new IntFloatList());
                    if (list.size == 0 || list.ints[list.size - 1] != f) {
                        list.add(f, 0);
                    }
                }
            }
        }
        Map<String, Integer> nameIds = new HashMap<>(defining.size() * 2);
        List<int[]> definerList = new ArrayList<>();
        defining.forEach((name, list) -> {
            if (list.size <= MAX_DEFINERS) {
                nameIds.put(name, definerList.size());
                definerList.add(list.ints());
            }
        });
        int[][] definers = definerList.toArray(int[][]::new);
        IntFloatList[] using = new IntFloatList[definers.length];
        int[][] tagNames = new int[n][];
        // one dense accumulator reused for every file's row: no boxing, cost proportional to the edges
        double[] accumulated = new double[n];
        int[] touched = new int[n];
        IntFloatList edges = new IntFloatList();
        int[] rowStart = new int[n + 1];
        double[] outWeight = new double[n];
        for (int f = 0; f < n; f++) {
            SourceSymbols s = symbols[f];
            List<SourceSymbols.Tag> tags = s.definitions();
            tagNames[f] = new int[tags.size()];
            for (int t = 0; t < tags.size(); t++) {
                tagNames[f][t] = nameIds.getOrDefault(tags.get(t).name(), -1);
            }
            int touchedCount = 0;
            for (int i = 0; i < s.referenced().length; i++) {
                Integer id = nameIds.get(s.referenced()[i]);
                if (id == null) {
                    continue;
                }
                int[] defs = definers[id];
                if (defs.length == 1 && defs[0] == f) {
                    continue;
                }
                float weight = (float) (Math.sqrt(s.counts()[i]) * specificity(s.referenced()[i], defs.length));
                if (using[id] == null) {
                    using[id] = new IntFloatList();
                }
                using[id].add(f, weight);
                for (int to : defs) {
                    if (to != f) {
                        if (accumulated[to] == 0) {
                            touched[touchedCount++] = to;
                        }
                        accumulated[to] += weight;
                    }
                }
            }
            rowStart[f] = edges.size;
            Arrays.sort(touched, 0, touchedCount);
            for (int k = 0; k < touchedCount; k++) {
                int to = touched[k];
                edges.add(to, (float) accumulated[to]);
                outWeight[f] += accumulated[to];
                accumulated[to] = 0;
            }
        }
        rowStart[n] = edges.size;
        int[][] users = new int[definers.length][];
        float[][] userWeights = new float[definers.length][];
        for (int id = 0; id < definers.length; id++) {
            users[id] = using[id] == null ? new int[0] : using[id].ints();
            userWeights[id] = using[id] == null ? new float[0] : using[id].floats();
        }
        return new RepoGraph(paths, symbols, nameIds, definers, users, userWeights, tagNames, rowStart, edges.ints(),
                edges.floats(), outWeight);
    }

    /**
     * How much a use of {@code name} says: long compound names ({@code RepositoryRestConfigurer}) point at one
     * thing, private-looking ones ({@code _x}) rarely matter across files, names defined in many files are vague.
     */
    static double specificity(String name, int definerCount) {
        double weight = 1;
        if (name.length() >= 8 && isCompound(name)) {
            weight *= 4;
        }
        if (name.startsWith("_")) {
            weight *= 0.1;
        }
        if (definerCount > 5) {
            weight *= 0.2;
        }
        return weight;
    }

    private static boolean isCompound(String name) {
        boolean lower = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '_' && i > 0) {
                return true;
            }
            if (Character.isUpperCase(c) && lower) {
                return true;
            }
            lower = Character.isLowerCase(c);
        }
        return false;
    }

    int size() {
        return paths.length;
    }

    int edgeCount() {
        return edgeTo.length;
    }

    /**
     * Personalised PageRank: with probability {@code 1 - damping} a walk restarts at a file chosen by
     * {@code restart} (normalised here; uniform when all zero), else it follows an edge by weight. A file with no
     * edges hands its rank to the restart vector, so rank is conserved. Power iteration until the change is tiny.
     * The last {@value #RANKS_KEPT} ranks are kept by restart vector.
     */
    double[] rank(double[] restart, double damping) {
        RankKey key = new RankKey(restart.clone(), damping);
        synchronized (ranks) {
            double[] known = ranks.get(key);
            if (known != null) {
                return known;
            }
        }
        double[] rank = computeRank(restart, damping);
        synchronized (ranks) {
            ranks.put(key, rank);
        }
        return rank;
    }

    /** A restart vector and damping, compared by value: the same request focus on the same graph ranks the same. */
    private record RankKey(double[] restart, double damping) {
        @Override
        public boolean equals(Object other) {
            return other instanceof RankKey k && k.damping == damping && Arrays.equals(k.restart, restart);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(restart) * 31 + Double.hashCode(damping);
        }
    }

    private double[] computeRank(double[] restart, double damping) {
        int n = paths.length;
        double[] teleport = new double[n];
        double total = Arrays.stream(restart).sum();
        for (int f = 0; f < n; f++) {
            teleport[f] = total > 0 ? restart[f] / total : 1.0 / n;
        }
        double[] rank = teleport.clone();
        double[] next = new double[n];
        for (int iteration = 0; iteration < 40; iteration++) {
            double dangling = 0;
            Arrays.fill(next, 0);
            for (int f = 0; f < n; f++) {
                if (outWeight[f] == 0) {
                    dangling += rank[f];
                    continue;
                }
                double share = rank[f] / outWeight[f];
                for (int e = rowStart[f]; e < rowStart[f + 1]; e++) {
                    next[edgeTo[e]] += share * edgeWeight[e];
                }
            }
            double change = 0;
            for (int f = 0; f < n; f++) {
                double value = damping * (next[f] + dangling * teleport[f]) + (1 - damping) * teleport[f];
                change += Math.abs(value - rank[f]);
                next[f] = value;
            }
            double[] swap = rank;
            rank = next;
            next = swap;
            if (change < 1e-6) {
                break;
            }
        }
        return rank;
    }

    /** A growable list of (int, float) pairs, cheaper than boxed lists for millions of uses. */
    private static final class IntFloatList {
        int[] ints = new int[4];
        float[] floats = new float[4];
        int size;

        void add(int i, float f) {
            if (size == ints.length) {
                ints = Arrays.copyOf(ints, size * 2);
                floats = Arrays.copyOf(floats, size * 2);
            }
            ints[size] = i;
            floats[size] = f;
            size++;
        }

        int[] ints() {
            return Arrays.copyOf(ints, size);
        }

        float[] floats() {
            return Arrays.copyOf(floats, size);
        }
    }
}
