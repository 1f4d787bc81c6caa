package dev.agentls.cli;

/** What an edit engine made of one corpus entry's edit. */
sealed interface CorpusOutcome {

    record Applied(String text) implements CorpusOutcome {}

    record Refused(String message) implements CorpusOutcome {}
}
