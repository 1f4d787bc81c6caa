package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The file being edited: its lines with exact terminators, comparison keys, indentation, and where each key occurs. */
final class FileModel {

    private static final int MAX_COMPARED = 64;

    final SourceLines source;
    /** Whether this is a settings file, where one key holds one value ({@link Similarity}). */
    final boolean settings;
    final String[] keys;
    final int[] indent;
    /** For each non-blank line, the line whose block it sits in by indentation, or -1. */
    final int[] enclosing;
    private final Map<String, List<Integer>> occurrences = new HashMap<>();
    /** Distinct keys by their first token, built on first use. */
    private Map<String, List<String>> byFirstToken;
    private final Map<String, Boolean> changedVersionSeen = new HashMap<>();
    private String[] firstTokens;

    FileModel(String text, boolean settings) {
        this.settings = settings;
        source = SourceLines.of(text);
        int n = source.size();
        keys = new String[n];
        indent = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = LineKeys.key(source.line(i));
            indent[i] = LineKeys.indent(source.line(i));
            occurrences.computeIfAbsent(keys[i], k -> new ArrayList<>()).add(i);
        }
        enclosing = LineKeys.enclosing(indent, this::blank);
    }

    int size() {
        return keys.length;
    }

    List<Integer> occurrences(String key) {
        return occurrences.getOrDefault(key, List.of());
    }

    /**
     * Whether some line of the file reads as an earlier version of {@code key} ({@link Similarity#changedVersion}).
     * Only lines starting with the same token can, so only those are compared, at most {@code MAX_COMPARED}: the
     * ones sharing the most text with {@code key} at both ends first, since a changed version differs in the middle
     * or at one end. In a large file a common first token ({@code if}, {@code return}) has hundreds of lines, and
     * taking the first 64 in map order missed the very line the edit changed.
     */
    boolean hasChangedVersionOf(String key) {
        return changedVersionSeen.computeIfAbsent(key, this::findChangedVersionOf);
    }

    private boolean findChangedVersionOf(String key) {
        if (byFirstToken == null) {
            byFirstToken = new HashMap<>();
            for (String k : occurrences.keySet()) {
                if (!k.isEmpty()) {
                    byFirstToken.computeIfAbsent(Similarity.firstToken(k), t -> new ArrayList<>()).add(k);
                }
            }
        }
        List<String> candidates = byFirstToken.getOrDefault(Similarity.firstToken(key), List.of());
        if (candidates.size() > MAX_COMPARED) {
            candidates = candidates.stream()
                    .sorted(Comparator.comparingInt((String c) -> -sharedEnds(key, c)).thenComparing(c -> c))
                    .limit(MAX_COMPARED).toList();
        }
        for (int i = 0; i < Math.min(candidates.size(), MAX_COMPARED); i++) {
            if (Similarity.changedVersion(key, candidates.get(i), settings)) {
                return true;
            }
        }
        return false;
    }

    /** Characters two lines share at their start plus those they share at their end, overlap excluded. */
    private static int sharedEnds(String a, String b) {
        int max = Math.min(a.length(), b.length());
        int start = 0;
        while (start < max && a.charAt(start) == b.charAt(start)) {
            start++;
        }
        int end = 0;
        while (end < max - start && a.charAt(a.length() - 1 - end) == b.charAt(b.length() - 1 - end)) {
            end++;
        }
        return start + end;
    }

    /** The first token of line {@code i} ({@link Similarity#firstToken}), computed once per line on first use. */
    String firstToken(int i) {
        if (firstTokens == null) {
            firstTokens = new String[size()];
        }
        if (firstTokens[i] == null) {
            firstTokens[i] = Similarity.firstToken(keys[i]);
        }
        return firstTokens[i];
    }

    boolean blank(int i) {
        return keys[i].isEmpty();
    }

    int closerOf(int i) {
        for (int k = i + 1; k < size(); k++) {
            if (blank(k)) {
                continue;
            }
            if (indent[k] <= indent[i]) {
                return indent[k] == indent[i] && LineKeys.isCloser(keys[k]) ? k : -1;
            }
        }
        return -1;
    }

    int nonBlankLines() {
        int count = 0;
        for (String k : keys) {
            if (!k.isEmpty()) {
                count++;
            }
        }
        return count;
    }
}
