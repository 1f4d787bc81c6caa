package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/** Cuts text into the units {@link MinimalEdits} diffs: LSP lines with their breaks, or characters that never split. */
final class Tokens {

    private Tokens() {}

    /** Lines of {@code [from, to)}, each with its break ({@code \r\n}, {@code \n} or a lone {@code \r}). */
    static List<String> lines(String t, int from, int to) {
        List<String> out = new ArrayList<>();
        int start = from;
        int i = from;
        while (i < to) {
            char c = t.charAt(i);
            if (c == '\n' || c == '\r') {
                int end = (c == '\r' && i + 1 < to && t.charAt(i + 1) == '\n') ? i + 2 : i + 1;
                out.add(t.substring(start, end));
                start = end;
                i = end;
            } else {
                i++;
            }
        }
        if (start < to) {
            out.add(t.substring(start, to));
        }
        return out;
    }

    /** Code points of {@code [from, to)}, with {@code \r\n} kept as one unit. */
    static List<String> units(String t, int from, int to) {
        List<String> out = new ArrayList<>(to - from);
        int i = from;
        while (i < to) {
            char c = t.charAt(i);
            int len = 1;
            if (c == '\r' && i + 1 < to && t.charAt(i + 1) == '\n') {
                len = 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(t.charAt(i + 1))) {
                len = 2;
            }
            out.add(t.substring(i, i + len));
            i += len;
        }
        return out;
    }
}
