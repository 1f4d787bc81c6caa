package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The file being edited: its lines with exact terminators, comparison keys, indentation, and where each key occurs. */
final class FileModel {

    final SourceLines source;
    final String[] keys;
    final int[] indent;
    /** For each non-blank line, the line whose block it sits in by indentation, or -1. */
    final int[] enclosing;
    private final Map<String, List<Integer>> occurrences = new HashMap<>();

    FileModel(String text) {
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
