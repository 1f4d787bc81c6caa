package dev.agentls.edit.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;

/**
 * The line-level noise of one class, applied in place to a clean SEARCH and REPLACE (see {@link NoisyEdits}). Answers
 * false when the class does not apply to these lines (no comment to reword, no blank line to remove, ...).
 */
final class Transcription {

    private Transcription() {}

    static boolean apply(Noise noise, List<String> search, List<NoisyEdits.Line> replace, String fileName,
            Random rnd) {
        switch (noise) {
            case INDENT_SHIFTED:
                return shiftIndent(search, replace, rnd);
            case TABS_FOR_SPACES:
                return tabsForSpaces(search, replace);
            case TRAILING_WHITESPACE: {
                int i = nonBlank(search, rnd);
                search.set(i, search.get(i) + (rnd.nextBoolean() ? "  " : " \t"));
                return true;
            }
            case CRLF:
                return true;
            case BLANK_LINE_ADDED:
                search.add(1 + rnd.nextInt(search.size() - 1), "");
                return true;
            case BLANK_LINE_REMOVED:
                return dropBlankContextLine(search, replace);
            case COMMENT_REWORDED:
                return rewordComment(search, fileName);
            case LITERAL_CHANGED:
                return onContextLine(search, replace, rnd, Transcription::changeWord);
            case LINE_DROPPED:
                return dropLine(search, replace, rnd);
            case TOKEN_MISSING_AT_LINE_START:
                return onContextLine(search, replace, rnd, Transcription::dropFirstToken);
            default:
                throw new IllegalArgumentException(noise + " is not line-level noise");
        }
    }

    private static boolean shiftIndent(List<String> search, List<NoisyEdits.Line> replace, Random rnd) {
        int by = rnd.nextBoolean() ? 2 : 4;
        boolean canDedent = true;
        for (String l : texts(search, replace)) {
            canDedent &= l.isBlank() || l.startsWith(" ".repeat(by));
        }
        boolean dedent = canDedent && rnd.nextBoolean();
        java.util.function.UnaryOperator<String> f = l -> l.isBlank() ? l
                : dedent ? l.substring(by) : " ".repeat(by) + l;
        mapAll(search, replace, f);
        return true;
    }

    private static boolean tabsForSpaces(List<String> search, List<NoisyEdits.Line> replace) {
        boolean spaces = texts(search, replace).stream().anyMatch(l -> l.startsWith("  "));
        boolean tabs = texts(search, replace).stream().anyMatch(l -> l.startsWith("\t"));
        if (spaces == tabs) {
            return false;
        }
        int unit = texts(search, replace).stream().anyMatch(l -> indent(l) % 4 == 2) ? 2 : 4;
        mapAll(search, replace, l -> {
            String ind = l.substring(0, indent(l));
            String rest = l.substring(ind.length());
            if (spaces) {
                return "\t".repeat(ind.length() / unit) + " ".repeat(ind.length() % unit) + rest;
            }
            return ind.replace("\t", "    ") + rest;
        });
        return true;
    }

    private static boolean rewordComment(List<String> search, String fileName) {
        String prefix = commentPrefix(fileName);
        if (prefix == null) {
            return false;
        }
        for (int i = 0; i < search.size(); i++) {
            String l = search.get(i);
            int at = l.indexOf(prefix);
            if (at >= 0 && l.substring(0, at).isBlank() && l.length() > at + prefix.length() + 3) {
                search.set(i, l.substring(0, at + prefix.length()) + " roughly:" + l.substring(at + prefix.length()));
                return true;
            }
        }
        return false;
    }

    /** A blank line the REPLACE keeps, missing from the model's SEARCH and REPLACE alike. */
    private static boolean dropBlankContextLine(List<String> search, List<NoisyEdits.Line> replace) {
        for (int k = 1; k + 1 < replace.size(); k++) {
            int i = replace.get(k).keeps();
            // Its neighbours in REPLACE are kept lines: a new line next to a blank line the model never saw has no
            // one intended place.
            if (i > 0 && i < search.size() - 1 && search.get(i).isBlank() && keptAround(replace, k)) {
                removeContext(search, replace, i);
                return true;
            }
        }
        return false;
    }

    /** Whether the blank run around REPLACE line k, and the line on each side of it, are all kept lines. */
    private static boolean keptAround(List<NoisyEdits.Line> replace, int k) {
        int a = k;
        while (a > 0 && replace.get(a).text().isBlank()) {
            a--;
        }
        int b = k;
        while (b < replace.size() - 1 && replace.get(b).text().isBlank()) {
            b++;
        }
        for (int i = a; i <= b; i++) {
            if (replace.get(i).keeps() < 0) {
                return false;
            }
        }
        return true;
    }

    private static void removeContext(List<String> search, List<NoisyEdits.Line> replace, int i) {
        search.remove(i);
        replace.removeIf(l -> l.keeps() == i);
        for (int k = 0; k < replace.size(); k++) {
            NoisyEdits.Line l = replace.get(k);
            if (l.keeps() > i) {
                replace.set(k, new NoisyEdits.Line(l.text(), l.keeps() - 1));
            }
        }
    }

    private static boolean dropLine(List<String> search, List<NoisyEdits.Line> replace, Random rnd) {
        List<Integer> context = context(search, replace, true);
        if (context.isEmpty()) {
            return false;
        }
        removeContext(search, replace, context.get(rnd.nextInt(context.size())));
        return true;
    }

    /** A changed version of a context line, in SEARCH and in the REPLACE line that keeps it. */
    private static boolean onContextLine(List<String> search, List<NoisyEdits.Line> replace, Random rnd,
            java.util.function.UnaryOperator<String> change) {
        List<Integer> context = context(search, replace, false);
        while (!context.isEmpty()) {
            int i = context.remove(rnd.nextInt(context.size()));
            String changed = change.apply(search.get(i));
            if (changed != null && !changed.equals(search.get(i))) {
                search.set(i, changed);
                for (int k = 0; k < replace.size(); k++) {
                    if (replace.get(k).keeps() == i) {
                        replace.set(k, new NoisyEdits.Line(changed, i));
                    }
                }
                return true;
            }
        }
        return false;
    }

    private static String changeWord(String line) {
        Matcher m = NoisyEdits.word().matcher(line);
        if (!m.find()) {
            return null;
        }
        String w = m.group();
        String other = Character.isDigit(w.charAt(0)) ? Long.toString(Long.parseLong(w.length() > 15
                ? w.substring(0, 15) : w) + 1) : w + "s";
        return line.substring(0, m.start()) + other + line.substring(m.end());
    }

    private static String dropFirstToken(String line) {
        Matcher m = NoisyEdits.firstToken(line);
        return m.matches() ? m.group(1) + m.group(3) : null;
    }

    /** Non-blank SEARCH lines that REPLACE keeps unchanged; {@code inner}: not the first or last line. */
    private static List<Integer> context(List<String> search, List<NoisyEdits.Line> replace, boolean inner) {
        List<Integer> out = new ArrayList<>();
        for (NoisyEdits.Line l : replace) {
            int i = l.keeps();
            if (i >= 0 && !search.get(i).isBlank() && (!inner || (i > 0 && i < search.size() - 1))) {
                out.add(i);
            }
        }
        return out;
    }

    private static int nonBlank(List<String> lines, Random rnd) {
        for (int tries = 0; tries < 10; tries++) {
            int i = rnd.nextInt(lines.size());
            if (!lines.get(i).isBlank()) {
                return i;
            }
        }
        return 0;
    }

    private static void mapAll(List<String> search, List<NoisyEdits.Line> replace,
            java.util.function.UnaryOperator<String> f) {
        search.replaceAll(f);
        replace.replaceAll(l -> new NoisyEdits.Line(f.apply(l.text()), l.keeps()));
    }

    private static List<String> texts(List<String> search, List<NoisyEdits.Line> replace) {
        List<String> all = new ArrayList<>(search);
        replace.forEach(l -> all.add(l.text()));
        return all;
    }

    private static int indent(String l) {
        int i = 0;
        while (i < l.length() && (l.charAt(i) == ' ' || l.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    /** The line-comment prefix of the file's language, for the languages whose comments the engine knows. */
    static String commentPrefix(String fileName) {
        String ext = fileName.substring(fileName.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        return switch (ext) {
            case "py", "sh", "rb", "yml", "yaml", "toml" -> "#";
            case "java", "js", "jsx", "ts", "tsx", "go", "c", "cpp", "h", "cs", "rs", "kt", "swift", "scala" -> "//";
            default -> null;
        };
    }
}
