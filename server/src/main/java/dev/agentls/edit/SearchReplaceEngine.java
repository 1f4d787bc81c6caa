package dev.agentls.edit;

import dev.agentls.syntax.CommentSyntax;
import dev.agentls.syntax.FileLanguage;
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

    /**
     * The default cascade without the named stage ({@code line-trimmed}, {@code whitespace-normalized},
     * {@code block-anchor}, {@code fuzzy}): for measuring what each stage adds, never for serving edits.
     */
    public static SearchReplaceEngine without(String stageName) {
        List<MatchStage> kept = new ArrayList<>();
        for (MatchStage stage : new SearchReplaceEngine().stages) {
            if (!stage.name().equals(stageName)) {
                kept.add(stage);
            }
        }
        if (kept.size() == new SearchReplaceEngine().stages.size()) {
            throw new IllegalArgumentException("no stage named '" + stageName + "'");
        }
        return new SearchReplaceEngine(kept, DEFAULT_BUDGET);
    }

    SearchReplaceEngine(List<MatchStage> stages, long diagnosisBudget) {
        this.stages = List.copyOf(stages);
        this.diagnosisBudget = diagnosisBudget;
    }

    /**
     * Applies the blocks to a text whose language is unknown: no text counts as a comment when rule 10 compares a
     * match with its SEARCH.
     */
    public EditOutcome apply(String originalText, List<SearchReplaceBlock> blocks) {
        return apply(IndexedText.of(originalText), blocks, null);
    }

    /**
     * The same, on a text whose line starts its owner may already know (an open buffer's version in the document
     * store): then numbering the matches' lines costs a lookup instead of a count. No text counts as a comment.
     */
    public EditOutcome apply(IndexedText original, List<SearchReplaceBlock> blocks) {
        return apply(original, blocks, null);
    }

    /**
     * Applies the blocks to the text of the file {@code fileName}; its language's comments are forgiven (rule 10)
     * when a match past the exact stage is compared with its SEARCH. Plain text forgives none.
     */
    public EditOutcome apply(String fileName, String originalText, List<SearchReplaceBlock> blocks) {
        return apply(fileName, IndexedText.of(originalText), blocks);
    }

    /** The same on a text whose line starts may already be known (see {@link #apply(IndexedText, List)}). */
    public EditOutcome apply(String fileName, IndexedText original, List<SearchReplaceBlock> blocks) {
        FileLanguage language = FileLanguage.forFileName(fileName);
        return apply(original, blocks, language.equals(FileLanguage.plainText()) ? null : language.comments());
    }

    private EditOutcome apply(IndexedText original, List<SearchReplaceBlock> blocks, CommentSyntax comments) {
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
        return new EditRun(stages, diagnosisBudget, comments, original).apply(blocks);
    }

    /**
     * REPLACE with {@code \n} breaks; when the SEARCH is whole lines, a non-empty REPLACE is whole lines too (a
     * missing final break is supplied, so the next line never joins it).
     */
    static String replacement(SearchText search, String raw) {
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
