package dev.agentls.workspace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Fuzzy file-name search over the warm index: the query's characters must appear in order in the path
 * (case-insensitive, spaces ignored); the best alignment is scored with bonuses for consecutive characters, for
 * characters starting a path segment or word ({@code /}, {@code _}, {@code -}, {@code .}, camelCase), for matches in
 * the file name, and for an exact file name; shorter paths win ties. Files only; ignore rules and the deny list apply
 * through the index.
 */
public final class FileSearch {

    /** One result: the display path and its score (higher is better). */
    public record FileHit(String path, int score) {}

    private static final int MATCH = 16;
    private static final int CONSECUTIVE = 24;
    private static final int BOUNDARY = 30;
    private static final int IN_NAME = 12;
    private static final int FIRST_OF_NAME = 20;
    private static final int EXACT_NAME = 400;
    private static final int EXACT_STEM = 200;

    private final FileIndex index;

    public FileSearch(FileIndex index) {
        this.index = index;
    }

    /** The best paths found, best first, and how many paths matched in all. */
    public record Found(List<FileHit> hits, int total) {
        public Found {
            hits = List.copyOf(hits);
        }
    }

    /** The best {@code max} paths for {@code query}, best first; refuses an empty query. */
    public List<FileHit> search(String query, int max) {
        return find(query, max).hits();
    }

    /** As {@link #search}, with the number of all matching paths. */
    public Found find(String query, int max) {
        String q = query == null ? "" : query.replaceAll("\\s+", "").toLowerCase(Locale.ROOT);
        if (q.isEmpty()) {
            throw new QueryRefusedException("the file search query is empty; give part of a file name, like 'AppConf'");
        }
        if (q.length() > 200) {
            throw new QueryRefusedException("the file search query is " + q.length() + " characters; the limit is 200");
        }
        List<RootIndex> roots = index.warm();
        boolean multi = roots.size() > 1;
        List<FileHit> hits = new ArrayList<>();
        char[] needle = q.toCharArray();
        for (RootIndex root : roots) {
            String prefix = multi ? root.root().name() + "/" : "";
            for (IndexedFile f : root.files()) {
                String path = prefix + f.relative();
                int score = score(needle, path);
                if (score > Integer.MIN_VALUE) {
                    hits.add(new FileHit(path, score));
                }
            }
        }
        hits.sort(Comparator.comparingInt(FileHit::score).reversed().thenComparingInt(h -> h.path().length())
                .thenComparing(FileHit::path));
        return new Found(hits.subList(0, Math.min(max, hits.size())), hits.size());
    }

    /** The best alignment's score, or {@code Integer.MIN_VALUE} when the query is not a subsequence. */
    static int score(char[] q, String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        if (!isSubsequence(q, lower)) {
            return Integer.MIN_VALUE;
        }
        int n = lower.length();
        int nameStart = path.lastIndexOf('/') + 1;
        int[] prev = new int[n];
        int[] cur = new int[n];
        final int none = Integer.MIN_VALUE / 2;
        for (int i = 0; i < q.length; i++) {
            int bestBefore = none;
            for (int j = 0; j < n; j++) {
                int s = none;
                if (lower.charAt(j) == q[i]) {
                    int bonus = MATCH + boundary(path, j) + (j >= nameStart ? IN_NAME : 0)
                            + (j == nameStart ? FIRST_OF_NAME : 0);
                    if (i == 0) {
                        s = bonus;
                    } else {
                        int gap = bestBefore;
                        int run = j > 0 && prev[j - 1] > none ? prev[j - 1] + CONSECUTIVE : none;
                        s = Math.max(gap, run) > none ? Math.max(gap, run) + bonus : none;
                    }
                }
                if (i > 0 && j > 0) {
                    bestBefore = Math.max(bestBefore, prev[j - 1]);
                }
                cur[j] = s;
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        int best = none;
        for (int v : prev) {
            best = Math.max(best, v);
        }
        String name = lower.substring(nameStart);
        String query = new String(q);
        if (name.equals(query)) {
            best += EXACT_NAME;
        } else if (name.contains(".") && name.substring(0, name.lastIndexOf('.')).equals(query)) {
            best += EXACT_STEM;
        }
        return best - path.length() / 4;
    }

    private static int boundary(String path, int j) {
        if (j == 0) {
            return BOUNDARY;
        }
        char before = path.charAt(j - 1);
        char c = path.charAt(j);
        if (before == '/' || before == '_' || before == '-' || before == '.' || before == ' ') {
            return BOUNDARY;
        }
        return Character.isUpperCase(c) && Character.isLowerCase(before) ? BOUNDARY - 4 : 0;
    }

    private static boolean isSubsequence(char[] q, String s) {
        int i = 0;
        for (int j = 0; j < s.length() && i < q.length; j++) {
            if (s.charAt(j) == q[i]) {
                i++;
            }
        }
        return i == q.length;
    }
}
