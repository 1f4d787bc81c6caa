package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.List;

/**
 * The model's edit cut into lines and classified: elision markers, code, blank lines, with comparison keys and
 * indentation. Line endings of the edit itself do not matter; new lines take the file's.
 */
final class EditModel {

    final List<String> lines;
    final String[] keys;
    final boolean[] marker;
    final int[] indent;
    final boolean endsWithNewline;
    /** For each code line, the code line whose block it sits in by indentation, or -1. */
    final int[] enclosing;

    EditModel(String edit, ElisionMarkers markers) {
        this.lines = new ArrayList<>(SourceLines.of(edit).contents());
        this.endsWithNewline = edit.endsWith("\n");
        int n = lines.size();
        keys = new String[n];
        marker = new boolean[n];
        indent = new int[n];
        for (int i = 0; i < n; i++) {
            String line = lines.get(i);
            keys[i] = LineKeys.key(line);
            marker[i] = markers.isMarker(line);
            indent[i] = LineKeys.indent(line);
        }
        enclosing = LineKeys.enclosing(indent, i -> !code(i));
    }

    int size() {
        return lines.size();
    }

    boolean blank(int i) {
        return keys[i].isEmpty();
    }

    boolean code(int i) {
        return !marker[i] && !keys[i].isEmpty();
    }

    boolean hasMarkers() {
        for (boolean m : marker) {
            if (m) {
                return true;
            }
        }
        return false;
    }

    boolean hasCode() {
        for (int i = 0; i < size(); i++) {
            if (code(i)) {
                return true;
            }
        }
        return false;
    }

    /** The closing line of the block opened at {@code i}: the next code line at its indentation, if a closer. */
    int closerOf(int i) {
        for (int k = i + 1; k < size(); k++) {
            if (!code(k)) {
                continue;
            }
            if (indent[k] <= indent[i]) {
                return indent[k] == indent[i] && LineKeys.isCloser(keys[k]) ? k : -1;
            }
        }
        return -1;
    }
}
