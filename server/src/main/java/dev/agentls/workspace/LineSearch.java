package dev.agentls.workspace;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Finds matching lines in one file's content (one char per byte). Three strategies, chosen once per query by
 * {@link RegexPlan}: exact literal alternatives checked with word boundaries (no regex at all); literals that pick
 * candidate lines for RE2/J; or RE2/J on every line. A line matches at most once, as in grep.
 */
final class LineSearch {

    private final Pattern regex;
    private final RegexPlan plan;
    private final LiteralScanner scanner;

    LineSearch(Pattern regex, RegexPlan plan) {
        this.regex = regex;
        this.plan = plan;
        List<String> literals = plan.isExact()
                ? plan.exact().stream().map(RegexPlan.Alternative::literal).toList()
                : plan.required();
        this.scanner = literals.isEmpty() ? null : new LiteralScanner(literals, plan.ignoreCase());
    }

    Worker worker() {
        return new Worker();
    }

    /** Per-thread state: the RE2/J matcher is not thread-safe. */
    final class Worker {
        private final Matcher matcher = regex.matcher("");

        /** Scans {@code text}, adding matching lines to {@code found} (at most {@code cap} kept). */
        void scan(String text, String prefix, String relative, ChunkRun.Found found, int cap, boolean countAll) {
            LineCounter lines = new LineCounter(text);
            if (scanner == null) {
                scanEveryLine(text, prefix, relative, found, cap, countAll, lines);
                return;
            }
            LiteralScanner.Cursor cursor = scanner.cursor(text);
            int pos = 0;
            int hit;
            while (pos < text.length() && (hit = cursor.find(pos)) >= 0) {
                int lineStart = text.lastIndexOf('\n', hit - 1) + 1;
                int lineEnd = text.indexOf('\n', hit);
                if (lineEnd < 0) {
                    lineEnd = text.length();
                }
                boolean matched;
                if (plan.isExact()) {
                    matched = exactAt(text, hit, lineEnd);
                    if (!matched) {
                        pos = hit + 1;
                        continue;
                    }
                } else {
                    matched = matcher.reset(decode(text, lineStart, lineEnd)).find();
                }
                if (matched && add(text, lineStart, lineEnd, prefix, relative, found, cap, countAll, lines)) {
                    return;
                }
                pos = lineEnd + 1;
            }
        }

        private void scanEveryLine(String text, String prefix, String relative, ChunkRun.Found found, int cap,
                boolean countAll, LineCounter lines) {
            int start = 0;
            while (start < text.length()) {
                int end = text.indexOf('\n', start);
                if (end < 0) {
                    end = text.length();
                }
                if (matcher.reset(decode(text, start, end)).find()
                        && add(text, start, end, prefix, relative, found, cap, countAll, lines)) {
                    return;
                }
                start = end + 1;
            }
        }

        /** Records a match; true when first-N mode has enough and the file can stop. */
        private boolean add(String text, int start, int end, String prefix, String relative, ChunkRun.Found found,
                int cap, boolean countAll, LineCounter lines) {
            found.count++;
            if (found.matches.size() < cap) {
                String line = decode(text, start, end).strip();
                if (line.length() > GrepSearch.MAX_LINE_CHARS) {
                    line = line.substring(0, GrepSearch.MAX_LINE_CHARS) + "…";
                }
                found.matches.add(new GrepMatch(prefix + relative, lines.lineOf(start), line));
            }
            return !countAll && found.count >= cap;
        }

        /** Whether one of the exact alternatives matches at {@code hit}, word boundaries included. */
        private boolean exactAt(String text, int hit, int lineEnd) {
            List<RegexPlan.Alternative> alts = plan.exact();
            for (int i = 0; i < alts.size(); i++) {
                int len = scanner.length(i);
                if (hit + len > lineEnd || !scanner.matchesAt(text, hit, i)) {
                    continue;
                }
                RegexPlan.Alternative a = alts.get(i);
                if (a.wordStart() && isWord(hit > 0 ? text.charAt(hit - 1) : '\n') == isWord(text.charAt(hit))) {
                    continue;
                }
                if (a.wordEnd() && isWord(text.charAt(hit + len - 1))
                        == isWord(hit + len < text.length() ? text.charAt(hit + len) : '\n')) {
                    continue;
                }
                return true;
            }
            return false;
        }

    }

    private static boolean isWord(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }

    /** The line's text as real characters (the content holds UTF-8 bytes one per char); a trailing CR dropped. */
    static String decode(String text, int start, int end) {
        if (end > start && text.charAt(end - 1) == '\r') {
            end--;
        }
        String raw = text.substring(start, end);
        for (int i = 0; i < raw.length(); i++) {
            if (raw.charAt(i) >= 0x80) {
                return new String(raw.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
            }
        }
        return raw;
    }

    /** Turns offsets into 1-based line numbers, counting newlines forward only once per file. */
    private static final class LineCounter {
        private final String text;
        private int offset;
        private int line = 1;

        LineCounter(String text) {
            this.text = text;
        }

        int lineOf(int start) {
            int nl;
            while ((nl = text.indexOf('\n', offset)) >= 0 && nl < start) {
                line++;
                offset = nl + 1;
            }
            return line;
        }
    }
}
