package dev.agentls.edit;

import dev.agentls.syntax.CommentSyntax;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One edit's blocks applied in order to one text (EDIT-SEMANTICS rules 5-7, 10, 11): each block through the cascade,
 * a candidate past the exact stage kept only when it reads as the SEARCH in code and lies outside the text earlier
 * blocks wrote, and a block repeated word for word applied once. Holds the evolving text; used once.
 */
final class EditRun {

    private final List<MatchStage> stages;
    private final long diagnosisBudget;
    private final CommentSyntax comments;
    private final Document doc;
    private final WrittenRegions written = new WrittenRegions();
    private final List<SearchReplaceBlock> done = new ArrayList<>();
    private final List<BlockMatch> matches = new ArrayList<>();
    private int previousEnd = -1;

    EditRun(List<MatchStage> stages, long diagnosisBudget, CommentSyntax comments, IndexedText original) {
        this.stages = stages;
        this.diagnosisBudget = diagnosisBudget;
        this.comments = comments;
        this.doc = Document.of(original);
    }

    /** Applies every block, or answers the first block's failure (nothing of the edit applies then). */
    EditOutcome apply(List<SearchReplaceBlock> blocks) {
        for (SearchReplaceBlock block : blocks) {
            Optional<BlockMatch> repeat = repeatOf(block);
            if (repeat.isPresent()) {
                matches.add(repeat.get());
                continue;
            }
            SearchReplaceFailure failure = applyBlock(block);
            if (failure != null) {
                return new EditOutcome.Refused(failure);
            }
            done.add(block);
        }
        // The run is over and the document is never spliced again: it can build the text whenever it is asked.
        return EditOutcome.Applied.deferred(doc::render, matches);
    }

    /** Rule 11: the same SEARCH and REPLACE as an earlier block of this edit, reported at that block's lines. */
    private Optional<BlockMatch> repeatOf(SearchReplaceBlock block) {
        for (int i = 0; i < done.size(); i++) {
            SearchReplaceBlock earlier = done.get(i);
            if (same(earlier.search(), block.search()) && same(earlier.replace(), block.replace())) {
                BlockMatch first = matches.stream().filter(m -> m.number() == earlier.number()).findFirst()
                        .orElseThrow();
                return Optional.of(new BlockMatch(block.number(), "repeat of block " + earlier.number(),
                        first.startLine(), first.endLine()));
            }
        }
        return Optional.empty();
    }

    private static boolean same(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        // Only line endings can still make them the same; most pairs of blocks differ and contain no \r at all.
        return (a.indexOf('\r') >= 0 || b.indexOf('\r') >= 0) && a.replace("\r\n", "\n").equals(b.replace("\r\n", "\n"));
    }

    /** Null when applied, else why not. */
    private SearchReplaceFailure applyBlock(SearchReplaceBlock block) {
        SearchText search = SearchText.of(block.search());
        String replace = SearchReplaceEngine.replacement(search, block.replace());
        SearchReplaceFailure firstRejection = null;
        for (MatchStage stage : stages) {
            List<Candidate> found = stage.find(doc, search, previousEnd);
            if (found.isEmpty()) {
                continue;
            }
            List<Candidate> kept = found;
            if (stage.exact()) {
                kept = DroppedIndent.keep(doc, found, search, replace, written);
                if (kept.isEmpty()) {
                    continue;
                }
            } else {
                Screened screened = screen(block.number(), stage, search, replace, found);
                if (screened.kept.isEmpty()) {
                    if (firstRejection == null) {
                        firstRejection = screened.rejection;
                    }
                    continue;
                }
                kept = screened.kept;
            }
            Choice choice = Choice.choose(kept, previousEnd, stage.orderResolves());
            if (choice.chosen() == null) {
                List<LineRange> ranges = new ArrayList<>();
                for (Candidate c : choice.candidates()) {
                    ranges.add(range(c));
                }
                return new SearchReplaceFailure.Ambiguous(block.number(), stage.name(), ranges);
            }
            Candidate c = choice.chosen();
            LineRange lines = range(c);
            Optional<SearchReplaceFailure> midLine = startsInsideALine(block.number(), stage, search, c);
            if (midLine.isPresent()) {
                return midLine.get();
            }
            Optional<LineRange> already = alreadyAround(c, search, replace, stage.exact());
            if (already.isPresent()) {
                return new SearchReplaceFailure.AlreadyApplied(block.number(), already.get());
            }
            String text = stage.exact() ? replace : reindented(search, c, replace);
            int end = doc.splice(c.start(), c.end(), text);
            written.written(block.number(), c.start(), c.end(), end);
            matches.add(new BlockMatch(block.number(), stage.name(), lines.startLine(), lines.endLine()));
            previousEnd = end;
            return null;
        }
        return firstRejection != null ? firstRejection
                : NotFoundDiagnosis.diagnose(block.number(), doc, search, replace, diagnosisBudget);
    }

    /**
     * Rule 10 at the one exact candidate that starts inside a line: a SEARCH of several lines whose first line is
     * only the end of the file's line (code before it on that line) lacks tokens that start the line, which is a
     * difference in code, so it is refused naming both lines. A one-line SEARCH inside a line stays a match (rule 5.1).
     */
    private Optional<SearchReplaceFailure> startsInsideALine(int number, MatchStage stage, SearchText search,
            Candidate c) {
        String text = search.text();
        int firstBreak = text.indexOf('\n');
        if (c.wholeLines() || firstBreak < 0 || firstBreak == text.length() - 1) {
            return Optional.empty();
        }
        int line = doc.lineOf(c.start());
        int lineStart = doc.lineStart(line);
        if (Trim.start(doc.text(), lineStart, c.start()) == c.start()) {
            return Optional.empty();
        }
        return Optional.of(new SearchReplaceFailure.DiffersInCode(number, stage.name(), range(c),
                doc.originalLine(line), doc.line(line), 1, search.lines()[0]));
    }

    /**
     * Rule 7, the change already there: the REPLACE holds the SEARCH's lines and the file around the match already
     * reads as the whole REPLACE (trimmed lines: a block that only adds lines, sent again); or, for a match past
     * exact (the SEARCH as written is not in the file), the REPLACE stands in the file byte for byte as whole lines
     * outside the match (the change was made there, and the SEARCH now resembles other lines).
     */
    private Optional<LineRange> alreadyAround(Candidate c, SearchText search, String replace, boolean exact) {
        String[] r = LineIndex.lines(replace);
        String[] st = search.trimmed();
        int first = doc.lineOf(c.start());
        if (r.length == 0 || !c.wholeLines()) {
            return Optional.empty();
        }
        for (int k = 0; r.length > st.length && k + st.length <= r.length; k++) {
            if (trimmedEqual(r, k, st) && fileReads(first - k, r)) {
                return Optional.of(linesOf(first - k, r.length));
            }
        }
        if (!exact && deletedAgain(c, search.lines(), r)) {
            return Optional.of(range(c));
        }
        if (!exact && !replace.isBlank() && !BlindDifference.readsAs(List.of(search.lines()), List.of(r))) {
            int at = wholeLineOccurrence(replace);
            if (at >= 0) {
                return Optional.of(linesOf(doc.lineOf(at), r.length));
            }
        }
        return Optional.empty();
    }

    /**
     * A block that deletes lines at one end of its SEARCH, sent again: the match's lines that the REPLACE keeps are
     * its lines byte for byte, and the lines it would delete sit at another indentation than the SEARCH's (the
     * lines deleted the first time are gone; these are other lines, such as the next closing brace).
     */
    private boolean deletedAgain(Candidate c, String[] search, String[] replace) {
        List<String> region = region(c);
        int n = region.size();
        if (n != search.length || replace.length == 0 || replace.length >= n) {
            return false;
        }
        int kept = replace.length;
        if (region.subList(0, kept).equals(List.of(replace))) {
            return indentDiffers(region, search, kept, n);
        }
        if (region.subList(n - kept, n).equals(List.of(replace))) {
            return indentDiffers(region, search, 0, n - kept);
        }
        return false;
    }

    private static boolean indentDiffers(List<String> region, String[] search, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!region.get(i).isBlank() && !Trim.indent(region.get(i)).equals(Trim.indent(search[i]))) {
                return true;
            }
        }
        return false;
    }

    /** Where the REPLACE's lines stand in the file byte for byte as whole lines, or -1. */
    private int wholeLineOccurrence(String replace) {
        int byLines = wholeLineOccurrenceByLines(replace);
        if (byLines != Integer.MIN_VALUE) {
            return byLines;
        }
        CharSequence t = doc.text();
        TextSearch finder = new TextSearch(replace);
        int at = finder.find(t, 0);
        while (at >= 0) {
            // An occurrence overlapping the match counts too: the SEARCH's lines now resemble lines the change wrote
            // (two closing braces after a line the REPLACE added), which is the change already made.
            if (at == 0 || t.charAt(at - 1) == '\n') {
                return at;
            }
            at = finder.find(t, at + 1);
        }
        return -1;
    }

    /**
     * {@link #wholeLineOccurrence} through the spliced text's line hashes: an occurrence starting at a line start
     * holds the REPLACE's complete lines as whole lines, so its longest one is looked up and each hit checked in
     * full. {@link Integer#MIN_VALUE} when the text was not spliced or the REPLACE has no complete line.
     */
    private int wholeLineOccurrenceByLines(String replace) {
        SplicedLineHashes hashes = doc.hashes();
        String[] lines = LineIndex.lines(replace);
        int complete = replace.endsWith("\n") ? lines.length : lines.length - 1;
        if (hashes == null || complete < 1) {
            return Integer.MIN_VALUE;
        }
        int k = 0;
        for (int i = 1; i < complete; i++) {
            if (lines[i].length() > lines[k].length()) {
                k = i;
            }
        }
        CharSequence t = doc.text();
        for (int i : hashes.exactHits(lines[k], k)) {
            int at = doc.lineStart(i - k);
            if (at + replace.length() <= t.length() && Trim.regionEquals(t, at, replace)) {
                return at;
            }
        }
        return -1;
    }

    private static boolean trimmedEqual(String[] r, int k, String[] st) {
        for (int i = 0; i < st.length; i++) {
            if (!r[k + i].strip().equals(st[i])) {
                return false;
            }
        }
        return true;
    }

    /** Whether the file's lines from {@code from} read as {@code lines}, trimmed. */
    private boolean fileReads(int from, String[] lines) {
        if (from < 0 || from + lines.length > doc.lineCount()) {
            return false;
        }
        for (int i = 0; i < lines.length; i++) {
            if (!Trim.lineEquals(doc, from + i, lines[i].strip())) {
                return false;
            }
        }
        return true;
    }

    private LineRange linesOf(int first, int count) {
        int a = doc.originalLine(first);
        return new LineRange(a, Math.max(a, doc.originalLine(first + count - 1)));
    }

    /** A stage's candidates that may be used, and when none may, the refusal that says why. */
    private record Screened(List<Candidate> kept, SearchReplaceFailure rejection) {}

    /**
     * Rules 10 and 11 on a non-exact stage's candidates: one whose region already reads as the REPLACE means the
     * change is already there; one inside an earlier block's new text, or differing from the SEARCH in code, is
     * dropped. The refusal names the first dropped candidate's facts.
     */
    private Screened screen(int number, MatchStage stage, SearchText search, String replace, List<Candidate> found) {
        List<Candidate> kept = new ArrayList<>();
        SearchReplaceFailure rejection = null;
        List<String> searchLines = List.of(search.lines());
        List<String> replaceLines = List.of(LineIndex.lines(replace));
        for (Candidate c : found) {
            int first = doc.lineOf(c.start());
            List<String> region = region(c);
            int earlier = written.overlapping(c);
            SearchReplaceFailure why = null;
            if (earlier > 0) {
                why = new SearchReplaceFailure.InsideEarlierBlock(number, stage.name(), earlier, range(c));
            } else if (!BlindDifference.readsAs(searchLines, replaceLines)
                    && BlindDifference.readsAs(region, replaceLines)) {
                why = new SearchReplaceFailure.NotFound(number, Optional.of(range(c)),
                        (int) Math.floor(100 * Similarity.ratio(trimmedJoined(searchLines), trimmedJoined(region))),
                        List.of(), true);
            } else {
                Optional<BlindDifference> d = BlindDifference.between(searchLines, region, doc, first, comments);
                if (d.isPresent()) {
                    why = new SearchReplaceFailure.DiffersInCode(number, stage.name(), range(c), d.get().fileLine(),
                            d.get().fileText(), d.get().searchLine(), d.get().searchText());
                }
            }
            if (why == null) {
                kept.add(c);
            } else if (rejection == null) {
                rejection = why;
            }
        }
        return new Screened(kept, rejection);
    }

    private static String trimmedJoined(List<String> lines) {
        StringBuilder sb = new StringBuilder();
        for (String l : lines) {
            sb.append(l.strip()).append('\n');
        }
        return sb.toString();
    }

    private List<String> region(Candidate c) {
        int first = doc.lineOf(c.start());
        int last = c.end() > c.start() ? doc.lineOf(c.end() - 1) : first;
        List<String> region = new ArrayList<>(last - first + 1);
        for (int i = first; i <= last; i++) {
            region.add(doc.line(i));
        }
        return region;
    }

    private LineRange range(Candidate c) {
        int first = doc.lineOf(c.start());
        int last = c.end() > c.start() ? doc.lineOf(c.end() - 1) : first;
        return new LineRange(doc.originalLine(first), Math.max(doc.originalLine(first), doc.originalLine(last)));
    }

    private String reindented(SearchText search, Candidate c, String replace) {
        List<String> lines = Reindenter.reindent(search.lines(), region(c), LineIndex.lines(replace), doc);
        StringBuilder sb = new StringBuilder(replace.length() + 16);
        for (String line : lines) {
            sb.append(line).append('\n');
        }
        return sb.toString();
    }
}
