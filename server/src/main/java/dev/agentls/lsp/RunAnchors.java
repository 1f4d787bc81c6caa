package dev.agentls.lsp;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where each run started from in a document (its instruction line, or the start of its range), so what it waits for
 * can be shown there as a diagnostic with code actions to answer it.
 */
final class RunAnchors {

    /** A document and a zero-based line. */
    record Anchor(String uri, int line) {}

    private final Map<String, Anchor> byRun = new ConcurrentHashMap<>();

    void put(String runId, Anchor anchor) {
        byRun.put(runId, anchor);
    }

    Optional<Anchor> find(String runId) {
        return Optional.ofNullable(byRun.get(runId));
    }

    void remove(String runId) {
        byRun.remove(runId);
    }

    /** The runs anchored in {@code uri} between these lines (both included). */
    java.util.List<String> runsAt(String uri, int fromLine, int toLine) {
        return byRun.entrySet().stream()
                .filter(e -> e.getValue().uri().equals(uri) && e.getValue().line() >= fromLine
                        && e.getValue().line() <= toLine)
                .map(Map.Entry::getKey).sorted().toList();
    }
}
