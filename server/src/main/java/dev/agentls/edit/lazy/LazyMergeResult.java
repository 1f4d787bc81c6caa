package dev.agentls.edit.lazy;

/** What a lazy merge produced: the whole new text, or a refusal with its facts. */
public sealed interface LazyMergeResult {

    record Merged(String text) implements LazyMergeResult {}

    record Refused(LazyEditFailure failure) implements LazyMergeResult {}
}
