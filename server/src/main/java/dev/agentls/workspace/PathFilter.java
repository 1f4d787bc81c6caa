package dev.agentls.workspace;

import java.util.ArrayList;
import java.util.List;

/** Include and exclude globs of a search or listing, compiled once. */
final class PathFilter {

    private final List<Glob> include;
    private final List<Glob> exclude;

    private PathFilter(List<Glob> include, List<Glob> exclude) {
        this.include = include;
        this.exclude = exclude;
    }

    static PathFilter of(String includeGlob, String excludeGlob) {
        return new PathFilter(compile(includeGlob, "include"), compile(excludeGlob, "exclude"));
    }

    boolean isEmpty() {
        return include.isEmpty() && exclude.isEmpty();
    }

    boolean accepts(String relative) {
        String name = relative.substring(relative.lastIndexOf('/') + 1);
        if (!include.isEmpty()) {
            boolean in = false;
            for (Glob g : include) {
                in |= g.isSingleSegment() ? g.matchesName(name) : g.matches(relative);
            }
            if (!in) {
                return false;
            }
        }
        for (Glob g : exclude) {
            if (g.isSingleSegment()) {
                for (String segment : relative.split("/")) {
                    if (g.matchesName(segment)) {
                        return false;
                    }
                }
            } else if (g.matches(relative)) {
                return false;
            }
        }
        return true;
    }

    private static List<Glob> compile(String globs, String which) {
        List<Glob> out = new ArrayList<>();
        if (globs == null || globs.isBlank()) {
            return out;
        }
        for (String one : splitOutsideBraces(globs)) {
            String trimmed = one.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            if (trimmed.indexOf('\0') >= 0 || trimmed.length() > 1000) {
                throw new QueryRefusedException("the " + which + " glob is not usable (too long or a NUL byte)");
            }
            for (String expanded : expandBraces(trimmed, 0)) {
                out.add(Glob.compile(expanded.startsWith("./") ? expanded.substring(2) : expanded, false));
            }
        }
        if (out.size() > 256) {
            throw new QueryRefusedException("the " + which + " glob expands to " + out.size()
                    + " patterns; the limit is 256");
        }
        return out;
    }

    private static List<String> splitOutsideBraces(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth = Math.max(0, depth - 1);
            } else if (c == ',' && depth == 0) {
                out.add(s.substring(from, i));
                from = i + 1;
            }
        }
        out.add(s.substring(from));
        return out;
    }

    /** Expands the first {@code {a,b}} group recursively; an unclosed brace is literal. */
    private static List<String> expandBraces(String s, int depth) {
        int open = s.indexOf('{');
        if (open < 0 || depth > 8) {
            return List.of(s);
        }
        int level = 0;
        int close = -1;
        for (int i = open; i < s.length(); i++) {
            if (s.charAt(i) == '{') {
                level++;
            } else if (s.charAt(i) == '}' && --level == 0) {
                close = i;
                break;
            }
        }
        if (close < 0) {
            return List.of(s);
        }
        List<String> out = new ArrayList<>();
        for (String option : splitOutsideBraces(s.substring(open + 1, close))) {
            out.addAll(expandBraces(s.substring(0, open) + option + s.substring(close + 1), depth + 1));
            if (out.size() > 256) {
                break;
            }
        }
        return out;
    }
}
