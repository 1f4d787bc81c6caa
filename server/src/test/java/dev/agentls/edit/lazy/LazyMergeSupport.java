package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.fail;

import dev.agentls.edit.EditOutcome;
import dev.agentls.syntax.SyntaxParser;

/** Shared by the lazy-merge tests: one merger, and results read as text or as a refusal. */
abstract class LazyMergeSupport {

    final LazyMerger merger = new LazyMerger(new SyntaxParser());

    String merged(String fileName, String original, String edit) {
        EditOutcome result = merger.merge(fileName, original, edit);
        if (result instanceof EditOutcome.Refused r) {
            return fail("refused: " + r.failure().message());
        }
        return ((EditOutcome.Applied) result).newText();
    }

    LazyEditFailure refused(String fileName, String original, String edit) {
        EditOutcome result = merger.merge(fileName, original, edit);
        if (result instanceof EditOutcome.Applied m) {
            return fail("merged instead of refusing:\n" + m.newText());
        }
        return (LazyEditFailure) ((EditOutcome.Refused) result).failure();
    }
}
