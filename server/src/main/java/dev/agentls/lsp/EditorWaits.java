package dev.agentls.lsp;

import java.time.Duration;

/**
 * How long a run waits on the editor beyond its edits: for the answer to a save request before a command, and for
 * the editor's language servers to settle after an edit (at most {@code diagnosticsSettle}, ending once
 * {@code diagnosticsQuiet} passed without another report).
 */
record EditorWaits(Duration save, Duration diagnosticsSettle, Duration diagnosticsQuiet) {

    /** pylsp reports about 0.3 s after a change; a server that says nothing new costs at most the settle bound. */
    static final EditorWaits DEFAULTS = new EditorWaits(Duration.ofSeconds(10), Duration.ofSeconds(2),
            Duration.ofMillis(150));
}
