package dev.agentls.cli;

import dev.agentls.edit.EditOutcome;
import dev.agentls.edit.FileEditBlocks;
import dev.agentls.edit.ParseOutcome;
import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.SearchReplaceParser;
import dev.agentls.edit.lazy.LazyMerger;
import dev.agentls.syntax.FileLanguage;
import java.util.List;
import java.util.Optional;

/**
 * Runs one corpus entry through the engine for its format. A format without an engine yet answers empty, and the
 * checker counts the entry as skipped: plugging in an engine is one case here.
 */
final class CorpusFormats {

    private final SearchReplaceParser parser = new SearchReplaceParser();
    private final SearchReplaceEngine engine = new SearchReplaceEngine();
    private final LazyMerger lazyMerger = new LazyMerger();

    Optional<CorpusOutcome> run(CorpusEntry entry) {
        switch (entry.format()) {
            case "search_replace":
                return Optional.of(searchReplace(entry));
            case "lazy":
                return Optional.of(lazy(entry));
            default:
                return Optional.empty();
        }
    }

    /**
     * A lazy edit merged into the entry's original. The file name (language, comment syntax, grammar) is the entry's
     * {@code path}, else the extension its id ends with (Continue's ids end in their fixture's: {@code -py},
     * {@code -tsx}), else none: plain text with every comment syntax.
     */
    private CorpusOutcome lazy(CorpusEntry entry) {
        String fileName = entry.path().orElseGet(() -> fileNameFromId(entry.id()));
        EditOutcome outcome = lazyMerger.merge(fileName, entry.original(), entry.edit());
        if (outcome instanceof EditOutcome.Applied applied) {
            return new CorpusOutcome.Applied(applied.newText());
        }
        return new CorpusOutcome.Refused(((EditOutcome.Refused) outcome).failure().message());
    }

    private static String fileNameFromId(String id) {
        String candidate = "entry." + id.substring(id.lastIndexOf('-') + 1);
        return FileLanguage.forFileName(candidate).equals(FileLanguage.plainText()) ? null : candidate;
    }

    private CorpusOutcome searchReplace(CorpusEntry entry) {
        ParseOutcome parsed = parser.parse(entry.edit());
        if (parsed instanceof ParseOutcome.Malformed malformed) {
            return new CorpusOutcome.Refused(malformed.failure().message());
        }
        List<FileEditBlocks> files = ((ParseOutcome.Parsed) parsed).files();
        if (files.size() != 1) {
            return new CorpusOutcome.Refused("the edit holds blocks for " + files.size() + " files; the entry has one");
        }
        EditOutcome outcome = engine.apply(entry.original(), files.get(0).blocks());
        if (outcome instanceof EditOutcome.Applied applied) {
            return new CorpusOutcome.Applied(applied.newText());
        }
        return new CorpusOutcome.Refused(((EditOutcome.Refused) outcome).failure().message());
    }
}
