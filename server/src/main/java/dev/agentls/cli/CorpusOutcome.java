package dev.agentls.cli;

import java.util.List;

/** What an edit engine made of one corpus entry's edit. */
sealed interface CorpusOutcome {

    /** The file's text afterwards, and the stage each block matched by ({@code exact}, {@code fuzzy}, ...). */
    record Applied(String text, List<String> strategies) implements CorpusOutcome {
        public Applied {
            strategies = List.copyOf(strategies);
        }
    }

    record Refused(String message) implements CorpusOutcome {}
}
