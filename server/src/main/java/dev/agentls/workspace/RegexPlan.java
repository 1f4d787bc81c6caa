package dev.agentls.workspace;

import java.util.ArrayList;
import java.util.List;

/**
 * What a regular expression needs of a line, found by reading its text (RE2/J does not expose its parse tree).
 * Either the pattern is exactly an alternation of literals, each with optional {@code \b} at either end
 * ({@code ApplicationContext}, {@code \bcache\b}, {@code (TODO|FIXME)\b}) and the literal scan decides alone; or it
 * yields literals of which every match must contain one, used to pick candidate lines before RE2/J runs; or nothing
 * is known and every line goes to RE2/J. Conservative by construction: anything it does not understand breaks a
 * literal run, so a prefilter can only be weaker than the pattern, never stricter.
 */
record RegexPlan(List<Alternative> exact, List<String> required, boolean ignoreCase) {

    /** One literal of an exact plan, with its word-boundary requirements. */
    record Alternative(String literal, boolean wordStart, boolean wordEnd) {}

    private static final String META = ".^$*+?()[]{}|\\";

    boolean isExact() {
        return !exact.isEmpty();
    }

    static RegexPlan of(String regex, boolean caseSensitive) {
        boolean ignoreCase = !caseSensitive;
        String body = regex;
        if (body.startsWith("(?i)")) {
            ignoreCase = true;
            body = body.substring(4);
        }
        if (body.contains("(?")) {
            if (body.matches("(?s).*\\(\\?[a-zA-Z]*i.*")) {
                ignoreCase = true;
            }
        }
        List<Alternative> exact = exact(body);
        if (exact != null && !(ignoreCase && exact.stream().anyMatch(a -> !isAscii(a.literal())))) {
            return new RegexPlan(exact, List.of(), ignoreCase);
        }
        List<String> required = required(body);
        if (ignoreCase && required.stream().anyMatch(l -> !isAscii(l))) {
            required = List.of();
        }
        return new RegexPlan(List.of(), required, ignoreCase);
    }

    /** The alternatives when {@code body} is exactly {@code \b?(lit|lit)\b?} or {@code lit|lit}; else null. */
    private static List<Alternative> exact(String body) {
        boolean start = body.startsWith("\\b");
        String b = start ? body.substring(2) : body;
        boolean end = b.endsWith("\\b") && !b.endsWith("\\\\b");
        if (end) {
            b = b.substring(0, b.length() - 2);
        }
        if (b.startsWith("(") && closingParen(b, 0) == b.length() - 1) {
            b = b.substring(b.startsWith("(?:") ? 3 : 1, b.length() - 1);
            if (b.startsWith("?")) {
                return null;
            }
        } else if ((start || end) && splitTop(b).size() > 1) {
            return null; // \ba|b\b means (\ba)|(b\b): not one boundary for all
        }
        List<Alternative> out = new ArrayList<>();
        for (String branch : splitTop(b)) {
            boolean ws = start;
            boolean we = end;
            if (branch.startsWith("\\b")) {
                ws = true;
                branch = branch.substring(2);
            }
            if (branch.endsWith("\\b") && !branch.endsWith("\\\\b")) {
                we = true;
                branch = branch.substring(0, branch.length() - 2);
            }
            String literal = literal(branch);
            if (literal == null || literal.isEmpty()) {
                return null;
            }
            out.add(new Alternative(literal, ws, we));
        }
        return out;
    }

    /** The text of {@code s} when it is only literal characters and escaped punctuation; else null. */
    private static String literal(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                if (i + 1 >= s.length() || Character.isLetterOrDigit(s.charAt(i + 1))) {
                    return null;
                }
                sb.append(s.charAt(++i));
            } else if (META.indexOf(c) >= 0) {
                return null;
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Literals of which any match contains at least one; empty when none is known. */
    private static List<String> required(String body) {
        List<String> branches = splitTop(body);
        if (branches.size() > 1) {
            List<String> any = new ArrayList<>();
            for (String branch : branches) {
                String best = longestRun(branch);
                if (best.isEmpty()) {
                    return List.of();
                }
                any.add(best);
            }
            return any;
        }
        String best = longestRun(body);
        return best.isEmpty() ? List.of() : List.of(best);
    }

    /** The longest run of required literal characters at the top level of a branch. */
    private static String longestRun(String s) {
        String best = "";
        StringBuilder run = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            String atom = null;
            int next = i + 1;
            if (c == '\\' && i + 1 < s.length()) {
                char e = s.charAt(i + 1);
                next = i + 2;
                if (e == 'Q') {
                    int close = s.indexOf("\\E", i + 2);
                    String quoted = close < 0 ? s.substring(i + 2) : s.substring(i + 2, close);
                    run.append(quoted);
                    i = close < 0 ? s.length() : close + 2;
                    best = longer(best, run);
                    continue;
                }
                if (!Character.isLetterOrDigit(e)) {
                    atom = String.valueOf(e);
                }
            } else if (c == '(') {
                next = closingParen(s, i) + 1;
                if (next <= 0) {
                    return "";
                }
            } else if (c == '[') {
                next = closingBracket(s, i) + 1;
                if (next <= 0) {
                    return "";
                }
            } else if (META.indexOf(c) < 0) {
                atom = String.valueOf(c);
            }
            char q = next < s.length() ? s.charAt(next) : 0;
            boolean optional = q == '?' || q == '*' || q == '{';
            if (atom != null && !optional) {
                run.append(atom);
                best = longer(best, run);
                if (q == '+') {
                    run.setLength(0);
                }
            } else {
                best = longer(best, run);
                run.setLength(0);
            }
            i = next;
        }
        return longer(best, run);
    }

    private static String longer(String best, CharSequence run) {
        return run.length() > best.length() ? run.toString() : best;
    }

    /** Splits at top-level {@code |} (outside groups, classes and escapes). */
    static List<String> splitTop(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                int close = closingBracket(s, i);
                if (close < 0) {
                    break;
                }
                i = close;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '|' && depth == 0) {
                out.add(s.substring(from, i));
                from = i + 1;
            }
        }
        out.add(s.substring(from));
        return out;
    }

    private static int closingParen(String s, int open) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                int close = closingBracket(s, i);
                if (close < 0) {
                    return -1;
                }
                i = close;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static int closingBracket(String s, int open) {
        int i = open + 1;
        if (i < s.length() && s.charAt(i) == '^') {
            i++;
        }
        if (i < s.length() && s.charAt(i) == ']') {
            i++;
        }
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[' && i + 1 < s.length() && s.charAt(i + 1) == ':') {
                int close = s.indexOf(":]", i + 2);
                if (close > 0) {
                    i = close + 1;
                }
            } else if (c == ']') {
                return i;
            }
        }
        return -1;
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
