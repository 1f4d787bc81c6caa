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
    /** For each name: the files defining it. */
    final Map<String, int[]> definers;
    /** For each name: the files using it (other than its definers) and each one's edge weight. */
    final Map<String, int[]> users;
    final Map<String, float[]> userWeights;
    /** Compressed rows of summed file-to-file edges. */
    final int[] rowStart;
    final int[] edgeTo;
    final float[] edgeWeight;
    final double[] outWeight;

    private RepoGraph(String[] paths, SourceSymbols[] symbols, Map<String, int[]> definers, Map<String, int[]> users,
                      Map<String, float[]> userWeights, int[] rowStart, int[] edgeTo, float[] edgeWeight,
                      double[] outWeight) {
        this.paths = paths;
        this.symbols = symbols;
        this.definers = definers;
        this.users = users;
        this.userWeights = userWeights;
        this.rowStart = rowStart;
        this.edgeTo = edgeTo;
        this.edgeWeight = edgeWeight;
        this.outWeight = outWeight;
    }

    /** Builds the graph of {@code files} (path to symbols); paths are sorted so the result never depends on order. */
    static RepoGraph of(Map<String, SourceSymbols> files) {
        String[] paths = files.keySet().toArray(String[]::new);
        Arrays.sort(paths);
        SourceSymbols[] symbols = new SourceSymbols[paths.length];
        Map<String, List<Integer>> defining = new HashMap<>();
        for (int f = 0; f < paths.length; f++) {
            symbols[f] = files.get(paths[f]);
            String previous = null;
            for (SourceSymbols.Tag tag : symbols[f].definitions()) {
                if (tag.depth() <= 1 && !tag.name().equals(previous)) {
                    List<Integer> list = defining.computeIfAbsent(tag.name(), k -> new ArrayList<>(1));
                    if (list.isEmpty() || list.get(list.size() - 1) != f) {
                        list.add(f);
                    }
                }
                previous = tag.name();
            }
        }
        Map<String, int[]> definers = new HashMap<>(defining.size() * 2);
        defining.forEach((name, list) -> {
            if (list.size() <= MAX_DEFINERS) {
                definers.put(name, list.stream().mapToInt(Integer::intValue).toArray());
            }
        });
        Map<String, IntFloatList> using = new HashMap<>();
        for (int f = 0; f < paths.length; f++) {
            SourceSymbols s = symbols[f];
            for (int i = 0; i < s.referenced().length; i++) {
                int[] defs = definers.get(s.referenced()[i]);
                if (defs != null && !(defs.length == 1 && defs[0] == f)) {
                    float weight = (float) (Math.sqrt(s.counts()[i]) * specificity(s.referenced()[i], defs.length));
                    using.computeIfAbsent(s.referenced()[i], k -> new IntFloatList()).add(f, weight);
                }
            }
        }
        Map<String, int[]> users = new HashMap<>(using.size() * 2);
        Map<String, float[]> userWeights = new HashMap<>(using.size() * 2);
        List<Map<Integer, Float>> rows = new ArrayList<>(paths.length);
        for (int f = 0; f < paths.length; f++) {
            rows.add(null);
        }
        using.forEach((name, list) -> {
            users.put(name, list.ints());
            userWeights.put(name, list.floats());
            int[] defs = definers.get(name);
            for (int k = 0; k < list.size; k++) {
                int from = list.ints[k];
                Map<Integer, Float> row = rows.get(from);
                if (row == null) {
                    row = new HashMap<>();
                    rows.set(from, row);
                }
                for (int to : defs) {
                    if (to != from) {
                        row.merge(to, list.floats[k], Float::sum);
                    }
                }
            }
        });
        int[] rowStart = new int[paths.length + 1];
        int edges = 0;
        for (int f = 0; f < paths.length; f++) {
            rowStart[f] = edges;
            edges += rows.get(f) == null ? 0 : rows.get(f).size();
        }
        rowStart[paths.length] = edges;
        int[] edgeTo = new int[edges];
        float[] edgeWeight = new float[edges];
        double[] outWeight = new double[paths.length];
        for (int f = 0; f < paths.length; f++) {
            Map<Integer, Float> row = rows.get(f);
            if (row == null) {
                continue;
            }
            int at = rowStart[f];
            for (Map.Entry<Integer, Float> e : row.entrySet()) {
                edgeTo[at] = e.getKey();
                edgeWeight[at] = e.getValue();
                outWeight[f] += e.getValue();
                at++;
            }
        }
        return new RepoGraph(paths, symbols, definers, users, userWeights, rowStart, edgeTo, edgeWeight, outWeight);
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
     */
    double[] rank(double[] restart, double damping) {
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
