package dev.agentls.edit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntBinaryOperator;

/**
 * The text an edit's blocks apply to, as it evolves block by block. Owns the matching view (line breaks normalised
 * to {@code \n}, and a final {@code \n} supplied when the file lacks one, so every line ends in one) and what is
 * needed to give the bytes back: each line's own break ({@code \r\n} or {@code \n}), the file's dominant break for
 * new lines, the final-newline state, and the way back from a line to its line in the ORIGINAL text.
 *
 * <p>Cheap by construction, because the common edit is a few exact blocks in file order in a large file. While every
 * splice lands at or after the previous one, the text is kept as the pieces written so far (the {@code head}:
 * slices of the original and replacements, never copied) followed by the untouched rest of the original (the
 * tail), so a search after the previous block runs over the original string, a line number in the tail comes from
 * the original's line index ({@link BaseText}), and the new text is built once, at the end. Anything else (a
 * splice before the previous one, a stage that needs the whole text as one sequence) joins the pieces into one
 * buffer first, and from then on the text is that buffer.
 */
final class Document {

    private record Piece(String source, int from, int to) {
        int length() {
            return to - from;
        }
    }

    private final BaseText base;
    private final LineBreakFlags breaks;
    private final boolean finalNewline;
    private final SpliceHistory splices = new SpliceHistory();

    /** The head while splices go forward: the text before {@link #tailFrom} of the original, as pieces. */
    private final List<Piece> head = new ArrayList<>();
    private int headLength;
    private int headBreaks;
    /** Where the untouched tail starts in the original, and the line breaks of the original before it. */
    private int tailFrom;
    private int tailBreaks;

    /** The whole text once the pieces were joined; null until then. */
    private StringBuilder joined;
    private int[] joinedStarts;
    /** Line hashes of the joined text, once a block after the first asked; kept up to date by each splice. */
    private SplicedLineHashes hashes;
    private final BreakCursor cursor = new BreakCursor();
    private final IntBinaryOperator breaksIn = this::count;

    private Document(BaseText base, LineBreakFlags breaks, boolean finalNewline) {
        this.base = base;
        this.breaks = breaks;
        this.finalNewline = finalNewline;
    }

    static Document of(String original) {
        return of(IndexedText.of(original));
    }

    /** The text's line starts are used as they are when they describe the matching view exactly. */
    static Document of(IndexedText indexed) {
        String original = indexed.text();
        boolean finalNewline = original.isEmpty() || original.charAt(original.length() - 1) == '\n';
        if (indexed.knownWithoutCarriageReturns() || original.indexOf('\r') < 0) {
            BaseText base = finalNewline ? new BaseText(original, indexed.lineStarts(), indexed.lineHashes())
                    : new BaseText(original + "\n", null);
            return new Document(base, LineBreakFlags.allNewlines(), finalNewline);
        }
        LineBreaks.Normalised n = LineBreaks.normalised(original);
        return new Document(new BaseText(n.text(), null), new LineBreakFlags(n.crlf(), n.dominantCrlf()), finalNewline);
    }

    /** The matching view as one sequence: {@code \n} line breaks, every line ending in one. Read only. */
    CharSequence text() {
        if (joined != null) {
            return joined;
        }
        return head.isEmpty() ? base.text : join();
    }

    int length() {
        return joined != null ? joined.length() : headLength + base.text.length() - tailFrom;
    }

    char charAt(int offset) {
        if (joined != null) {
            return joined.charAt(offset);
        }
        if (offset >= headLength) {
            return base.text.charAt(offset - headLength + tailFrom);
        }
        int end = headLength;
        for (int k = head.size() - 1; ; k--) {
            Piece p = head.get(k);
            int start = end - p.length();
            if (offset >= start) {
                return p.source().charAt(p.from() + offset - start);
            }
            end = start;
        }
    }

    /**
     * The first occurrence of {@code finder}'s pattern starting at or after {@code from}, or -1. After the previous
     * splice this searches the original string itself.
     */
    int find(TextSearch finder, int from) {
        if (joined == null && from >= headLength) {
            int at = finder.find(base.text, from - headLength + tailFrom);
            return at < 0 ? -1 : at - tailFrom + headLength;
        }
        return finder.find(text(), from);
    }

    /**
     * Every whole-line occurrence of {@code search} starting at or after {@code from}, up to two, when the text can
     * tell them without searching: the blocks so far went forward (the rest of the text is the original's tail,
     * starting at one of its lines) and the original's line starts are known. Null when it cannot tell.
     */
    List<Candidate> wholeLineOccurrences(SearchText search, int from) {
        if (joined != null || from < headLength || !base.indexed()
                || (tailFrom > 0 && base.text.charAt(tailFrom - 1) != '\n')) {
            return null;
        }
        int[] at = LineFingerprints.occurrences(base, search, from - headLength + tailFrom);
        if (at == null) {
            return null;
        }
        String s = search.text();
        boolean endsWithBreak = s.charAt(s.length() - 1) == '\n';
        int length = length();
        List<Candidate> out = new ArrayList<>(2);
        for (int q : at) {
            // Every base line start past the tail's start is a line start here too; the tail's own start follows
            // the last piece written, which may not end its line.
            int p = q - tailFrom + headLength;
            int end = p + s.length();
            if ((p == 0 || charAt(p - 1) == '\n') && (endsWithBreak || end == length || charAt(end) == '\n')) {
                out.add(new Candidate(p, end, true));
            }
        }
        return out;
    }

    int lineCount() {
        if (joined == null && head.isEmpty()) {
            return base.lineCount();
        }
        return index().length - 1;
    }

    int lineStart(int line) {
        if (joined == null && head.isEmpty()) {
            return base.lineStart(line);
        }
        return index()[line];
    }

    /** The offset of the line's {@code \n}. */
    int lineEnd(int line) {
        return lineStart(line + 1) - 1;
    }

    String line(int line) {
        return text().subSequence(lineStart(line), lineEnd(line)).toString();
    }

    /** The line holding {@code offset} (the number of line breaks before it). */
    int lineOf(int offset) {
        if (joined == null && offset >= headLength) {
            return headBreaks + base.breaksBefore(offset - headLength + tailFrom) - tailBreaks;
        }
        text();
        if (joinedStarts != null) {
            int i = Arrays.binarySearch(joinedStarts, offset);
            return i >= 0 ? i : -i - 2;
        }
        return cursor.lineOf(offset, breaksIn);
    }

    /** The 1-based line of the ORIGINAL text that {@code line} of this text stands for. */
    int originalLine(int line) {
        return splices.originalLine(line);
    }

    /** Whether this line's break is {@code \r\n} in the bytes. */
    boolean crlf(int line) {
        return breaks.crlf(line);
    }

    boolean dominantCrlf() {
        return breaks.dominantCrlf();
    }

    /**
     * Replaces {@code [start, end)} of the matching view with {@code replacement} ({@code \n} breaks). Lines the
     * splice writes take the dominant break, except a last line that keeps the tail of an old line, which keeps that
     * line's break. Answers the end of the replacement in the new text.
     */
    int splice(int start, int end, String replacement) {
        int length = length();
        String r = replacement;
        if (end == length && !r.isEmpty() && r.charAt(r.length() - 1) != '\n') {
            r = r + "\n";
        }
        int la = lineOf(start);
        int lineStart = start;
        while (lineStart > 0 && charAt(lineStart - 1) != '\n') {
            lineStart--;
        }
        int regionEnd = end;
        boolean joinsNext = end < length && (end == 0 || charAt(end - 1) != '\n'
                || (!r.isEmpty() && r.charAt(r.length() - 1) != '\n') || (r.isEmpty() && start > lineStart));
        if (joinsNext) {
            regionEnd = nextBreak(end) + 1;
        }
        int oldLines = count(lineStart, regionEnd);
        int removedBreaks = count(start, end);
        int addedBreaks = count(r);
        int newLines = oldLines - removedBreaks + addedBreaks;
        boolean keepsTail = end < regionEnd;
        breaks.spliced(la, oldLines, newLines, keepsTail);
        splices.add(la, oldLines, newLines);
        if (joined == null && start >= headLength) {
            int from = start - headLength + tailFrom;
            if (from > tailFrom) {
                head.add(new Piece(base.text, tailFrom, from));
                headBreaks += base.breaksBefore(from) - tailBreaks;
            }
            if (!r.isEmpty()) {
                head.add(new Piece(r, 0, r.length()));
                headBreaks += addedBreaks;
            }
            tailFrom = end - headLength + tailFrom;
            tailBreaks = base.breaksBefore(tailFrom);
            headLength = start + r.length();
            return headLength;
        }
        text();
        joinedStarts = joinedStarts == null ? null : LineIndex.shifted(joinedStarts, la, oldLines, newLines, lineStart, start, r,
                regionEnd + r.length() - (end - start));
        joined.replace(start, end, r);
        if (hashes != null) {
            if (joinedStarts == null) {
                hashes = null;
            } else {
                hashes.spliced(joined, joinedStarts, la, oldLines, newLines);
            }
        }
        cursor.moveTo(start + r.length(), la + addedBreaks);
        return start + r.length();
    }

    /**
     * The current lines' hashes, once a block has spliced the text (null before: a first block searches the
     * original, which costs less than hashing all of it). Asking joins the text.
     */
    SplicedLineHashes hashes() {
        if (splices.isEmpty()) {
            return null;
        }
        if (hashes == null) {
            if (joined == null) {
                join();
            }
            // Hashed over a String copy: its chars read several times faster than a builder's, which pays for the copy.
            hashes = SplicedLineHashes.of(text().toString(), index());
        }
        return hashes;
    }

    /** The bytes: each line with its own break, the final-newline state of the original kept. */
    String render() {
        String out;
        if (!breaks.any()) {
            out = joined != null ? joined.toString() : concatenated();
        } else {
            CharSequence text = text();
            int count = lineCount();
            StringBuilder sb = new StringBuilder(text.length() + count);
            for (int i = 0; i < count; i++) {
                sb.append(text, lineStart(i), lineEnd(i)).append(breaks.crlf(i) ? "\r\n" : "\n");
            }
            out = sb.toString();
        }
        if (!finalNewline && out.endsWith("\n")) {
            out = out.substring(0, out.length() - (out.endsWith("\r\n") ? 2 : 1));
        }
        return out;
    }

    /** The pieces and the tail as one string, each char copied into it once (plus once out of a partial slice). */
    private String concatenated() {
        if (head.isEmpty()) {
            return base.text;
        }
        String[] parts = new String[head.size() + 1];
        for (int k = 0; k < head.size(); k++) {
            parts[k] = slice(head.get(k));
        }
        parts[head.size()] = base.text.substring(tailFrom);
        return String.join("", parts);
    }

    private static String slice(Piece p) {
        return p.from() == 0 && p.to() == p.source().length() ? p.source() : p.source().substring(p.from(), p.to());
    }

    /** Joins the pieces and the tail into one buffer; the text lives there from now on. */
    private StringBuilder join() {
        StringBuilder sb = new StringBuilder(length() + 64);
        for (Piece p : head) {
            sb.append(p.source(), p.from(), p.to());
        }
        sb.append(base.text, tailFrom, base.text.length());
        head.clear();
        joined = sb;
        cursor.moveTo(headLength, headBreaks);
        return sb;
    }

    private int[] index() {
        text();
        if (joinedStarts == null) {
            joinedStarts = LineIndex.starts(joined);
        }
        return joinedStarts;
    }

    private int nextBreak(int from) {
        if (joined == null && from >= headLength) {
            return base.text.indexOf('\n', from - headLength + tailFrom) - tailFrom + headLength;
        }
        return LineIndex.next(text(), from);
    }

    /** Line breaks in {@code [from, to)} of the current text. */
    private int count(int from, int to) {
        if (joined == null) {
            int n = 0;
            int tailStart = Math.max(from, headLength);
            if (tailStart < to) {
                n += base.breaks(tailStart - headLength + tailFrom, to - headLength + tailFrom);
            }
            for (int i = from; i < Math.min(to, headLength); i++) {
                if (charAt(i) == '\n') {
                    n++;
                }
            }
            return n;
        }
        int n = 0;
        int q = LineIndex.next(joined, from);
        while (q >= 0 && q < to) {
            n++;
            q = LineIndex.next(joined, q + 1);
        }
        return n;
    }

    private static int count(String s) {
        int n = 0;
        int q = s.indexOf('\n');
        while (q >= 0) {
            n++;
            q = s.indexOf('\n', q + 1);
        }
        return n;
    }
}
