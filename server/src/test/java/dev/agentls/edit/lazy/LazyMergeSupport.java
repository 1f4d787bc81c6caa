package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.fail;

import dev.agentls.syntax.SyntaxParser;

/** Shared by the lazy-merge tests: one merger, and results read as text or as a refusal. */
abstract class LazyMergeSupport {

    final LazyMerger merger = new LazyMerger(new SyntaxParser());

    String merged(String fileName, String original, String edit) {
        LazyMergeResult result = merger.merge(fileName, original, edit);
        if (result instanceof LazyMergeResult.Refused r) {
            return fail("refused: " + r.failure().message());
        }
        return ((LazyMergeResult.Merged) result).text();
    }

    LazyEditFailure refused(String fileName, String original, String edit) {
        LazyMergeResult result = merger.merge(fileName, original, edit);
        if (result instanceof LazyMergeResult.Merged m) {
            return fail("merged instead of refusing:\n" + m.text());
        }
        return ((LazyMergeResult.Refused) result).failure();
    }
}
