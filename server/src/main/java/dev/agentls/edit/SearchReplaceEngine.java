package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Applies SEARCH/REPLACE blocks to a text exactly as EDIT-SEMANTICS says: blocks in order on the evolving text, each
 * through the cascade of {@link MatchStage}s, stopping at the first stage with any candidate; one candidate or a
 * refusal; all blocks or none. Owns choosing among candidates, whole-file replacement and the bytes of the result;
 * refuses (never guesses) on an ambiguous or missing SEARCH. Pure: strings in, records out, no state between calls.
 */
public final class SearchReplaceEngine {

    /** Cells of edit-distance work one block may spend in the fuzzy stage, and again in explaining a miss. */
    static final long DEFAULT_BUDGET = 40_000_000L;

    private final List<MatchStage> stages;
    private final long diagnosisBudget;

    /** The default cascade: exact, line-trimmed, whitespace-normalized, block anchor, fuzzy. */
    public SearchReplaceEngine() {
        this(List.of(new ExactStage(), new LineTrimmedStage(), new WhitespaceNormalizedStage(),
                new BlockAnchorStage(), new FuzzyStage(DEFAULT_BUDGET)), DEFAULT_BUDGET);
    }

    SearchReplaceEngine(List<MatchStage> stages, long diagnosisBudget) {
        this.stages = List.copyOf(stages);
        this.diagnosisBudget = diagnosisBudget;
    }

    public EditOutcome apply(String originalText, List<SearchReplaceBlock> blocks) {
        return apply(IndexedText.of(originalText), blocks);
    }

    /**
     * The same, on a text whose line starts its owner may already know (an open buffer's version in the document
     * store): then numbering the matches' lines costs a lookup instead of a count.
     */
    public EditOutcome apply(IndexedText original, List<SearchReplaceBlock> blocks) {
        String originalText = original.text();
        if (blocks.isEmpty()) {
            return new EditOutcome.Refused(new SearchReplaceFailure.NoBlocks());
        }
        for (SearchReplaceBlock block : blocks) {
            if (block.search().isEmpty()) {
                if (blocks.size() > 1) {
                    return new EditOutcome.Refused(
                            new SearchReplaceFailure.EmptySearchAmongBlocks(block.number(), blocks.size()));
                }
                return wholeFile(originalText, block);
            }
        }
        Document doc = Document.of(original);
        List<BlockMatch> matches = new ArrayList<>(blocks.size());
        int previousEnd = -1;
        for (SearchReplaceBlock block : blocks) {
            SearchText search = SearchText.of(block.search());
            String replace = replacement(search, block.replace());
            Applied applied = applyBlock(doc, block.number(), search, replace, previousEnd);
            if (applied.failure != null) {
                return new EditOutcome.Refused(applied.failure);
            }
            matches.add(applied.match);
            previousEnd = applied.end;
        }
        return new EditOutcome.Applied(doc.render(), matches);
    }

    private record Applied(BlockMatch match, int end, SearchReplaceFailure failure) {}

    private Applied applyBlock(Document doc, int number, SearchText search, String replace, int previousEnd) {
        for (MatchStage stage : stages) {
            List<Candidate> found = stage.find(doc, search, previousEnd);
            if (found.isEmpty()) {
                continue;
            }
            Choice choice = Choice.choose(found, previousEnd, stage.orderResolves());
            if (choice.chosen() == null) {
                List<LineRange> ranges = new ArrayList<>();
                for (Candidate c : choice.candidates()) {
                    ranges.add(range(doc, c));
                }
                return new Applied(null, 0,
                        new SearchReplaceFailure.Ambiguous(number, stage.name(), ranges));
            }
            Candidate c = choice.chosen();
            LineRange lines = range(doc, c);
            String text = stage.exact() ? replace : reindented(doc, search, c, replace);
            int end = doc.splice(c.start(), c.end(), text);
            return new Applied(new BlockMatch(number, stage.name(), lines.startLine(), lines.endLine()), end, null);
        }
        return new Applied(null, 0, NotFoundDiagnosis.diagnose(number, doc, search, replace, diagnosisBudget));
    }

    private static LineRange range(Document doc, Candidate c) {
        int first = doc.lineOf(c.start());
        int last = c.end() > c.start() ? doc.lineOf(c.end() - 1) : first;
        return new LineRange(doc.originalLine(first), Math.max(doc.originalLine(first), doc.originalLine(last)));
    }

    private static String reindented(Document doc, SearchText search, Candidate c, String replace) {
        int first = doc.lineOf(c.start());
        int last = doc.lineOf(c.end() - 1);
        List<String> region = new ArrayList<>();
        for (int i = first; i <= last; i++) {
            region.add(doc.line(i));
        }
        String[] replaceLines = LineIndex.lines(replace);
        List<String> lines = Reindenter.reindent(search.lines(), region, replaceLines, doc);
        StringBuilder sb = new StringBuilder(replace.length() + 16);
        for (String line : lines) {
            sb.append(line).append('\n');
        }
        return sb.toString();
    }

    /**
     * REPLACE with {@code \n} breaks; when the SEARCH is whole lines, a non-empty REPLACE is whole lines too (a
     * missing final break is supplied, so the next line never joins it).
     */
    private static String replacement(SearchText search, String raw) {
        String r = raw.indexOf('\r') >= 0 ? raw.replace("\r\n", "\n") : raw;
        if (!r.isEmpty() && search.text().endsWith("\n") && !r.endsWith("\n")) {
            r = r + "\n";
        }
        return r;
    }

    /** An empty SEARCH as the only block: the whole text becomes REPLACE, in the file's dominant line break. */
    private static EditOutcome wholeFile(String original, SearchReplaceBlock block) {
        Document doc = Document.of(original);
        String r = block.replace().indexOf('\r') >= 0 ? block.replace().replace("\r\n", "\n") : block.replace();
        if (doc.dominantCrlf()) {
            r = r.replace("\n", "\r\n");
        }
        int lines = Math.max(1, doc.lineCount());
        return new EditOutcome.Applied(r, List.of(new BlockMatch(block.number(), "whole-file", 1, lines)));
    }
}
