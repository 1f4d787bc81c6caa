package dev.agentls.cli;

import dev.agentls.edit.EditOutcome;
import dev.agentls.edit.FileEditBlocks;
import dev.agentls.edit.ParseOutcome;
import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.SearchReplaceParser;
import java.util.List;
import java.util.Optional;

/**
 * Runs one corpus entry through the engine for its format. A format without an engine yet answers empty, and the
 * checker counts the entry as skipped: plugging in an engine is one case here.
 */
final class CorpusFormats {

    private final SearchReplaceParser parser = new SearchReplaceParser();
    private final SearchReplaceEngine engine = new SearchReplaceEngine();

    Optional<CorpusOutcome> run(CorpusEntry entry) {
        switch (entry.format()) {
            case "search_replace":
                return Optional.of(searchReplace(entry));
            default:
                return Optional.empty();
        }
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
