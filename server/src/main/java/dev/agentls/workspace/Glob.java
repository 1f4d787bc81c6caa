package dev.agentls.workspace;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A compiled glob in git's dialect, matched against {@code /}-separated paths segment by segment: {@code *} and
 * {@code ?} never cross a {@code /}, a whole {@code **} segment matches any number of segments (a trailing one at
 * least one), {@code [a-z]}, {@code [!x]}, {@code [^x]} and POSIX classes like {@code [[:digit:]]}, {@code \x}
 * escapes. Matching is linear in practice: one backtrack point per level, never exponential, so a glob from a model
 * cannot hang the server. Immutable and thread-safe.
 */
public final class Glob {

    private final String source;
    private final Segment[] segments;
    private final boolean ignoreCase;

    private Glob(String source, Segment[] segments, boolean ignoreCase) {
        this.source = source;
        this.segments = segments;
        this.ignoreCase = ignoreCase;
    }

    /** Compiles {@code pattern}; {@code /} separates segments, leading and repeated slashes are dropped. */
    public static Glob compile(String pattern, boolean ignoreCase) {
        List<Segment> out = new ArrayList<>();
        for (String part : splitUnescaped(pattern)) {
            if (part.isEmpty()) {
                continue;
            }
            out.add(part.equals("**") ? Segment.ANY_DEPTH : Segment.parse(ignoreCase ? part.toLowerCase(Locale.ROOT) : part));
        }
        if (out.size() > 1 && out.get(out.size() - 1) == Segment.ANY_DEPTH) {
            // A trailing "**" stands for everything inside: at least one more segment.
            out.add(out.size() - 1, Segment.ANY_NAME);
        }
        return new Glob(pattern, out.toArray(Segment[]::new), ignoreCase);
    }

    public String source() {
        return source;
    }

    /** Whether the glob is a single segment (git then matches it against a file's name at any depth). */
    public boolean isSingleSegment() {
        return segments.length == 1 && segments[0] != Segment.ANY_DEPTH;
    }

    /** Whether the whole {@code /}-separated {@code path} matches. */
    public boolean matches(String path) {
        String p = ignoreCase ? path.toLowerCase(Locale.ROOT) : path;
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= p.length(); i++) {
            if (i == p.length() || p.charAt(i) == '/') {
                if (i > start) {
                    parts.add(p.substring(start, i));
                }
                start = i + 1;
            }
        }
        return matchSegments(parts);
    }

    /** Whether a single name (no {@code /}) matches a single-segment glob. */
    public boolean matchesName(String name) {
        return segments.length == 1 && segments[0].matches(ignoreCase ? name.toLowerCase(Locale.ROOT) : name);
    }

    private boolean matchSegments(List<String> parts) {
        int s = 0;
        int p = 0;
        int starS = -1;
        int starP = -1;
        while (p < parts.size()) {
            if (s < segments.length && segments[s] == Segment.ANY_DEPTH) {
                starS = s++;
                starP = p;
            } else if (s < segments.length && segments[s].matches(parts.get(p))) {
                s++;
                p++;
            } else if (starS >= 0) {
                s = starS + 1;
                p = ++starP;
            } else {
                return false;
            }
        }
        while (s < segments.length && segments[s] == Segment.ANY_DEPTH) {
            s++;
        }
        return s == segments.length;
    }

    private static List<String> splitUnescaped(String pattern) {
        List<String> parts = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                current.append(c).append(pattern.charAt(++i));
            } else if (c == '/') {
                parts.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        parts.add(current.toString());
        return parts;
    }

    @Override
    public String toString() {
        return source;
    }

    /** One path segment's pattern. */
    private abstract static class Segment {
        static final Segment ANY_DEPTH = new Segment() {
            @Override
            boolean matches(String name) {
                return true;
            }
        };

        static final Segment ANY_NAME = new Segment() {
            @Override
            boolean matches(String name) {
                return true;
            }
        };

        abstract boolean matches(String name);

        static Segment parse(String text) {
            List<Token> tokens = Token.parse(text);
            boolean literal = tokens.stream().allMatch(t -> t instanceof Token.Char);
            if (literal) {
                String name = literalText(tokens);
                return new Segment() {
                    @Override
                    boolean matches(String n) {
                        return n.equals(name);
                    }
                };
            }
            if (tokens.get(0) instanceof Token.Star && tokens.stream().skip(1).allMatch(t -> t instanceof Token.Char)) {
                String suffix = literalText(tokens.subList(1, tokens.size()));
                return new Segment() {
                    @Override
                    boolean matches(String n) {
                        return n.endsWith(suffix);
                    }
                };
            }
            Token[] compiled = tokens.toArray(Token[]::new);
            return new Segment() {
                @Override
                boolean matches(String n) {
                    return Token.match(compiled, n);
                }
            };
        }

        private static String literalText(List<Token> tokens) {
            StringBuilder sb = new StringBuilder();
            for (Token t : tokens) {
                sb.append(((Token.Char) t).c());
            }
            return sb.toString();
        }
    }
}
