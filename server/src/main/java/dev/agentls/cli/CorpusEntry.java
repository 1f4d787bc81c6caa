package dev.agentls.cli;

import java.util.List;
import java.util.Optional;

/**
 * One edit-corpus case (format in ../shared/edit-corpus/README.md): an original text, the model's edit in some
 * format, and either the expected whole text or an expected error whose message must mention some facts.
 */
record CorpusEntry(String id, String format, String original, String edit, Optional<String> expected,
        boolean expectError, Optional<String> path, List<String> errorMustMention) {

    CorpusEntry {
        errorMustMention = List.copyOf(errorMustMention);
    }
}
