package dev.agentls.tools.command;

import java.util.ArrayList;
import java.util.List;

/**
 * Brace expansion as bash does it ({@code a{b,c}d} → {@code abd acd}, nested too), so every path a word could become
 * is checked. Sequences ({@code {1..9}}) name no paths worth checking and stay as written. Bounded: past
 * {@value #LIMIT} results the rest are dropped and the original word is kept, which is checked as text.
 */
final class BraceExpansion {

    static final int LIMIT = 256;

    private BraceExpansion() {}

    static List<String> expand(String word) {
        List<String> results = new ArrayList<>();
        expandInto(word, results);
        if (results.size() > LIMIT) {
            results = new ArrayList<>(results.subList(0, LIMIT));
        }
        if (!results.contains(word)) {
            results.add(word);
        }
        return results;
    }

    private static void expandInto(String word, List<String> results) {
        if (results.size() > LIMIT) {
            return;
        }
        int open = word.indexOf('{');
        while (open >= 0) {
            int close = matching(word, open);
            if (close < 0) {
                break;
            }
            List<String> alternatives = splitTopLevel(word.substring(open + 1, close));
            if (alternatives.size() > 1) {
                String prefix = word.substring(0, open);
                String suffix = word.substring(close + 1);
                for (String alternative : alternatives) {
                    expandInto(prefix + alternative + suffix, results);
                }
                return;
            }
            open = word.indexOf('{', open + 1);
        }
        results.add(word);
    }

    private static int matching(String word, int open) {
        int level = 0;
        for (int at = open; at < word.length(); at++) {
            char c = word.charAt(at);
            if (c == '{') {
                level++;
            } else if (c == '}' && --level == 0) {
                return at;
            }
        }
        return -1;
    }

    private static List<String> splitTopLevel(String inner) {
        List<String> parts = new ArrayList<>();
        int level = 0;
        int start = 0;
        for (int at = 0; at < inner.length(); at++) {
            char c = inner.charAt(at);
            if (c == '{') {
                level++;
            } else if (c == '}') {
                level--;
            } else if (c == ',' && level == 0) {
                parts.add(inner.substring(start, at));
                start = at + 1;
            }
        }
        parts.add(inner.substring(start));
        return parts;
    }
}
