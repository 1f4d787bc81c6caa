package dev.agentls.edit.generator;

import dev.agentls.edit.SearchReplaceBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes one noisy SEARCH/REPLACE edit of a real file. A clean edit first: a region of 1-6 whole lines that occurs
 * once, and an intended change to it (a line modified, a line inserted, or a line deleted); the intended result is the
 * file with that change. Then the noise, as a model transcribes the file: whitespace noise on SEARCH (and, where a
 * model would write its REPLACE the same way, on REPLACE); code noise on a context line of both SEARCH and REPLACE
 * (the model's picture of the file is wrong there, so applying would write the wrong line). A case whose noisy
 * SEARCH occurs exactly somewhere in the file is not made: no engine can know the model meant another place.
 */
final class NoisyEdits {

    private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{2,}|[0-9]+");
    private static final Pattern FIRST_TOKEN = Pattern.compile("^(\\s*)([A-Za-z0-9_]+|[^\\sA-Za-z0-9_])\\s*(\\S.*)$");

    /** A REPLACE line, and the index of the region line it keeps unchanged (-1 for a changed or new line). */
    record Line(String text, int keeps) {}

    /** A clean edit: the region's first line, its lines, the REPLACE, and the intended file. */
    record Clean(int first, List<String> search, List<Line> replace, String intended) {}

    private final Random rnd;

    NoisyEdits(Random rnd) {
        this.rnd = rnd;
    }

    Optional<GeneratedCase> make(Noise noise, SourceFiles.Source src) {
        List<String> lines = src.text().lines().toList();
        return switch (noise) {
            case SEARCH_TWICE -> twice(src, lines);
            case ALREADY_APPLIED -> alreadyApplied(src, lines);
            case BLOCKS_OUT_OF_ORDER -> outOfOrder(src, lines);
            case MID_LINE -> midLine(src, lines);
            default -> noisy(noise, src, lines);
        };
    }

    private Optional<GeneratedCase> noisy(Noise noise, SourceFiles.Source src, List<String> lines) {
        int min = noise == Noise.LINE_DROPPED ? 3 : noise == Noise.BLANK_LINE_ADDED ? 2 : 1;
        Optional<Clean> made = clean(src.text(), lines, min);
        if (made.isEmpty()) {
            return Optional.empty();
        }
        Clean c = made.get();
        List<String> search = new ArrayList<>(c.search());
        List<Line> replace = new ArrayList<>(c.replace());
        if (!Transcription.apply(noise, search, replace, src.name(), rnd)) {
            return Optional.empty();
        }
        String s = join(search);
        if (noise != Noise.CRLF && (s.equals(join(c.search())) || occursIn(src.text(), s))) {
            return Optional.empty();
        }
        if (!noise.whitespace && noise != Noise.COMMENT_REWORDED && readsAsSomewhere(src.text(), s)) {
            // The model's changed SEARCH reads, whitespace aside, as lines that are in the file: it names them, and
            // an engine that forgives whitespace must take them. Not a test of the engine.
            return Optional.empty();
        }
        String edit = block(s, join(replace.stream().map(Line::text).toList()), noise == Noise.CRLF);
        return Optional.of(new GeneratedCase(noise, src.name(), src.text(), edit, c.intended(), c.first() + 1));
    }

    /**
     * A clean edit written as models trained on string-replace tools write it: the SEARCH and REPLACE start after
     * the first line's indentation (later lines keep theirs), and half the time both end inside their last line,
     * before a tail they share. Made only when that SEARCH occurs exactly once as text, inside a line.
     */
    private Optional<GeneratedCase> midLine(SourceFiles.Source src, List<String> lines) {
        Optional<Clean> made = clean(src.text(), lines, 1);
        if (made.isEmpty()) {
            return Optional.empty();
        }
        Clean c = made.get();
        String search = join(c.search());
        String replace = join(c.replace().stream().map(Line::text).toList());
        String first = c.search().get(0);
        String indent = first.substring(0, first.length() - first.stripLeading().length());
        if (indent.isEmpty() || !replace.startsWith(indent)) {
            return Optional.empty();
        }
        int tail = 1;
        String last = c.search().get(c.search().size() - 1);
        int lastIndent = last.length() - last.stripLeading().length();
        if (rnd.nextBoolean() && last.length() > lastIndent + 2) {
            // Cut after a character of code, as a model ends a quote, never inside the indentation.
            int keep = lastIndent + 1 + rnd.nextInt(last.length() - lastIndent - 1);
            String cut = last.substring(keep) + "\n";
            if (!replace.endsWith(cut)) {
                return Optional.empty();
            }
            tail = cut.length();
        }
        String s = search.substring(indent.length(), search.length() - tail);
        String r = replace.substring(indent.length(), replace.length() - tail);
        if (s.isBlank() || s.equals(r) || src.text().indexOf(s) != src.text().lastIndexOf(s)) {
            return Optional.empty();
        }
        if (tail == 1) {
            return Optional.of(new GeneratedCase(Noise.MID_LINE, src.name(), src.text(), block(s + "\n", r + "\n",
                    false), c.intended(), c.first() + 1));
        }
        String shown = "old_str:\n" + s + "\n<<end>>\nnew_str:\n" + r + "\n<<end>>\n";
        return Optional.of(new GeneratedCase(Noise.MID_LINE, src.name(), src.text(), shown, c.intended(),
                c.first() + 1, Optional.of(new SearchReplaceBlock(1, s, r))));
    }

    /** The region's text is put in the file twice; the edit is for the second copy. */
    private Optional<GeneratedCase> twice(SourceFiles.Source src, List<String> lines) {
        Optional<Clean> made = clean(src.text(), lines, 2);
        if (made.isEmpty() || made.get().first() < 2) {
            return Optional.empty();
        }
        Clean c = made.get();
        int at = rnd.nextInt(c.first() - 1);
        List<String> doubled = new ArrayList<>(lines.subList(0, at));
        doubled.addAll(c.search());
        doubled.addAll(lines.subList(at, lines.size()));
        String file = join(doubled);
        int shift = c.search().size();
        List<String> intended = new ArrayList<>(c.intended().lines().toList());
        intended.addAll(at, c.search());
        String edit = block(join(c.search()), join(c.replace().stream().map(Line::text).toList()), false);
        // Half the time a first block edits a unique line between the copies, so order says which copy is meant.
        if (rnd.nextBoolean()) {
            for (int i = at + shift; i < c.first() + shift; i++) {
                String line = doubled.get(i);
                if (!line.isBlank() && count(file, line + "\n") == 1 && line.length() < 160) {
                    edit = block(line + "\n", line + " \n", false) + edit;
                    intended.set(i, line + " ");
                    break;
                }
            }
        }
        return Optional.of(new GeneratedCase(Noise.SEARCH_TWICE, src.name(), file, edit, join(intended),
                c.first() + shift + 1));
    }

    /** The file already holds the change; the same edit comes again and must change nothing. */
    private Optional<GeneratedCase> alreadyApplied(SourceFiles.Source src, List<String> lines) {
        Optional<Clean> made = clean(src.text(), lines, 1);
        if (made.isEmpty()) {
            return Optional.empty();
        }
        Clean c = made.get();
        String replace = join(c.replace().stream().map(Line::text).toList());
        if (count(c.intended(), join(c.search())) > (replace.contains(join(c.search())) ? 1 : 0)) {
            // The SEARCH, exactly as the model wrote it, is still in the file elsewhere: it names those lines.
            return Optional.empty();
        }
        String edit = block(join(c.search()), replace, false);
        return Optional.of(new GeneratedCase(Noise.ALREADY_APPLIED, src.name(), c.intended(), edit, c.intended(),
                c.first() + 1));
    }

    /** Two clean edits of separate regions, sent later one first. */
    private Optional<GeneratedCase> outOfOrder(SourceFiles.Source src, List<String> lines) {
        Optional<Clean> a = clean(src.text(), lines, 1);
        if (a.isEmpty()) {
            return Optional.empty();
        }
        List<String> after = a.get().intended().lines().toList();
        Optional<Clean> b = clean(a.get().intended(), after, 1);
        if (b.isEmpty()) {
            return Optional.empty();
        }
        Clean first = a.get();
        Clean second = b.get();
        int firstEnd = first.first() + first.replace().size();
        // The second region must lie wholly before the first's new lines, a line apart, and be unique in the
        // original text too.
        if (second.first() + second.search().size() + 1 > first.first()
                || !occursOnce(src.text(), join(second.search()))) {
            return Optional.empty();
        }
        String edit = block(join(first.search()), join(first.replace().stream().map(Line::text).toList()), false)
                + block(join(second.search()), join(second.replace().stream().map(Line::text).toList()), false);
        return Optional.of(new GeneratedCase(Noise.BLOCKS_OUT_OF_ORDER, src.name(), src.text(), edit,
                second.intended(), firstEnd));
    }

    Optional<Clean> clean(String text, List<String> lines, int minLines) {
        for (int attempt = 0; attempt < 30; attempt++) {
            int m = minLines + rnd.nextInt(Math.max(1, 7 - minLines));
            if (lines.size() < m) {
                return Optional.empty();
            }
            int first = rnd.nextInt(lines.size() - m + 1);
            List<String> region = lines.subList(first, first + m);
            if (region.get(0).isBlank() || region.get(m - 1).isBlank()
                    || region.stream().anyMatch(l -> l.length() > 160)
                    || !occursOnce(text, join(region))) {
                continue;
            }
            List<Line> replace = change(region);
            List<String> out = new ArrayList<>(lines.subList(0, first));
            replace.forEach(l -> out.add(l.text()));
            out.addAll(lines.subList(first + m, lines.size()));
            String intended = join(out);
            if (intended.equals(text)) {
                continue;
            }
            return Optional.of(new Clean(first, List.copyOf(region), replace, intended));
        }
        return Optional.empty();
    }

    /** The intended change: a word of one line renamed, a new line inserted, or a line deleted. */
    private List<Line> change(List<String> region) {
        List<Line> out = new ArrayList<>();
        for (int i = 0; i < region.size(); i++) {
            out.add(new Line(region.get(i), i));
        }
        int kind = rnd.nextInt(region.size() > 1 ? 3 : 2);
        int i = rnd.nextInt(region.size());
        String line = region.get(i);
        Matcher w = WORD.matcher(line);
        if (kind == 0 && !line.isBlank() && w.find()) {
            out.set(i, new Line(line.substring(0, w.end()) + "_v2" + line.substring(w.end()), -1));
        } else if (kind == 2) {
            out.remove(i);
        } else {
            String indent = line.substring(0, line.length() - line.stripLeading().length());
            out.add(i + 1, new Line(indent + "added_" + rnd.nextInt(1000) + "(done)", -1));
        }
        return out;
    }

    static String block(String search, String replace, boolean crlf) {
        String b = "------- SEARCH\n" + search + "=======\n" + replace + "+++++++ REPLACE\n";
        return crlf ? b.replace("\n", "\r\n") : b;
    }

    static String join(List<String> lines) {
        StringBuilder sb = new StringBuilder();
        for (String l : lines) {
            sb.append(l).append('\n');
        }
        return sb.toString();
    }

    private static boolean occursOnce(String text, String region) {
        return count(text, region) == 1;
    }

    /** Whether the text holds {@code s} once whitespace runs (line breaks included) are collapsed on both sides. */
    private static boolean readsAsSomewhere(String text, String s) {
        String needle = collapse(s);
        return !needle.isEmpty() && (" " + collapse(text) + " ").contains(" " + needle + " ");
    }

    private static String collapse(String s) {
        return s.strip().replaceAll("\\s+", " ");
    }

    /** Whether the text holds {@code s} anywhere (inside lines too). */
    private static boolean occursIn(String text, String s) {
        String bare = s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
        return text.contains(bare);
    }

    /** Whole-line occurrences of {@code region} (lines ending in a break) in {@code text}. */
    static int count(String text, String region) {
        String t = "\n" + text;
        String r = "\n" + region;
        int n = 0;
        int at = t.indexOf(r);
        while (at >= 0) {
            n++;
            at = t.indexOf(r, at + 1);
        }
        return n;
    }

    static Matcher firstToken(String line) {
        return FIRST_TOKEN.matcher(line);
    }

    static Pattern word() {
        return WORD;
    }
}
